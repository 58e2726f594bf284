import { useLocation, type To } from 'react-router';

/**
 * Links between auth pages keep the query (offer, cta, redirect) and the origin location,
 * so the user still returns where they came from; a link token stays behind.
 */
export function useAuthLink(pathname: string): { to: To; state: unknown } {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete('token');
  const search = params.toString();
  return { to: { pathname, search: search ? `?${search}` : '' }, state: location.state };
}
