import { isSameSitePath } from '@tessera/domain';
import { AUTH_PATHS } from './auth-paths.ts';

/** What protected routes put in router state when they send the user to sign in. */
interface OriginState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/**
 * Where sign-in may send the user back to: no auth page, except an invitation's page, where someone who already has an
 * account signs in and comes back to accept it.
 */
const NOT_RETURNABLE = AUTH_PATHS.filter((path) => path !== '/invite-accept');

/** A same-site path only (the domain's rule: never '//host', '/\\host' or an absolute URL), never back to an auth page (but an invitation's). */
function isSafePath(path: string): boolean {
  if (!isSameSitePath(path)) return false;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return !NOT_RETURNABLE.includes(pathname);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The origin location in router state, else a `?redirect=` path, else '/'. */
export function returnPath(state: unknown, search: string): string {
  const from = state && typeof state === 'object' ? (state as OriginState).from : undefined;
  if (from) {
    const path = text(from.pathname) + text(from.search) + text(from.hash);
    if (isSafePath(path)) return path;
  }
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect && isSafePath(redirect) ? redirect : '/';
}
