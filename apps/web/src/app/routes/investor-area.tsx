import { needsOnboarding } from '@tessera/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/onboarding/index.ts';
import { useSession } from '../../lib/session/use-session.ts';

/**
 * The investor area's rules (001 §2): a member in Raise mode goes to the institution dashboard; an investor whose
 * onboarding stage is set and not complete goes to the questionnaire (the onboarding pages themselves excepted).
 */
export function InvestorArea() {
  const { appMode } = useSession();
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (appMode === 'institution') return <Navigate to="/institution/dashboard" replace />;
  if (needsOnboarding(user?.investOnboardingStage) && !pathname.startsWith('/investor/onboarding'))
    return <Navigate to="/investor/onboarding" replace />;
  return <Outlet />;
}

/**
 * The bare root (001 §2): the institution dashboard in Raise mode, the investor dashboard otherwise, keeping the query
 * and hash a link carried there.
 */
export function RootRedirect() {
  const { appMode } = useSession();
  const { search, hash } = useLocation();
  const pathname = appMode === 'institution' ? '/institution/dashboard' : '/investor/dashboard';
  return <Navigate to={{ pathname, search, hash }} replace />;
}
