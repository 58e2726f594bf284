import { EARLY_GETS_GLOBAL, type EarlyGets } from '@tessera/domain';
import { PAGE_ANSWERS_MAX_AGE_MS } from './page-answers.ts';

/**
 * The response of a GET the page started before the app loaded (apps/api web-shell/early-gets.ts), for `url` (with
 * /api/v1 and the query) sent with `token`: undefined when there is none, it went with another token (the session
 * changed since), or the page is older than PAGE_ANSWERS_MAX_AGE_MS. Each is given once (a body is read once); a later
 * request for the same path goes to the network.
 */
export function takeEarlyGet(url: string, token: string | null, win: Window = window): Promise<Response> | undefined {
  const early = (win as unknown as Record<string, EarlyGets | undefined>)[EARLY_GETS_GLOBAL];
  const response = early?.gets[url];
  if (!early || !response) return undefined;
  delete early.gets[url];
  if (token === null || early.token !== token || performance.now() > PAGE_ANSWERS_MAX_AGE_MS) {
    // Read and dropped, so a refused response does not stand as an unhandled rejection.
    response.catch(() => undefined);
    return undefined;
  }
  return response;
}
