import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AUTH_PATHS } from '../features/auth/index.ts';
import { useSession } from '../lib/session/use-session.ts';

/** Where a member the tenant requires a second factor of sets one up: the Account page, outside the passport tabs. */
export const MFA_SETUP_PATH = '/settings';

/** Still open while the second factor is due: the setup page, signing in as someone else, and the legal pages. */
const OPEN_PATHS = [MFA_SETUP_PATH, ...AUTH_PATHS, '/terms', '/privacy'];

/**
 * Issue #21: while the tenant requires a second factor this member has not set up (the session says so, or a call was
 * refused for it), every other page sends them to the setup page; enrolling a factor clears it and the app opens.
 */
export function MfaSetupGate({ children }: { children: ReactNode }) {
  const { authenticated, mfaSetupRequired } = useSession();
  const { pathname } = useLocation();
  if (authenticated && mfaSetupRequired && !OPEN_PATHS.includes(pathname)) return <Navigate to={MFA_SETUP_PATH} replace />;
  return children;
}
