import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session/use-session.ts';

/** Protected routes send signed-out visitors to sign in, carrying where they were going (§2). */
export function RequireAuth() {
  const { authenticated } = useSession();
  const location = useLocation();
  if (authenticated) return <Outlet />;
  const origin = location.pathname + location.search + location.hash;
  return <Navigate to={`/signin?redirect=${encodeURIComponent(origin)}`} state={{ from: location }} replace />;
}
