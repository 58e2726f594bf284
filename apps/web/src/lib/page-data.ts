import type { QueryClient } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import { sessionStore, type SessionState } from './session/session-store.ts';
import { tenantContextQueryOptions } from './tenant/get-tenant-context.ts';

/**
 * How long the first page of a visit waits for its data before it renders anyway (showing its skeletons). While it
 * waits, the page the server wrote (the top bar) stays on screen; its first render then has the data, so the page
 * renders once, as a transition that yields to the browser, instead of once with skeletons and again, all at once,
 * as each answer arrives.
 */
const FIRST_LOAD_WAIT_MS = 1_500;

let appStarted = false;

/** Called once the router has the first page (main.tsx, before it renders): later pages' data is only started. */
export function markAppStarted(): void {
  appStarted = true;
}

/** What a page's loader knows before anything renders: the signed-in session and the tenant the page was served for. */
export interface PageDataContext {
  /** Null when the page named none (vite dev) and the member has no tenant. */
  tenantId: string | null;
  session: SessionState;
}

/** The signed-in session and the page's tenant, or null when signed out (the page's guard sends the visitor away). */
export function pageDataContext(): PageDataContext | null {
  const session = sessionStore.getState();
  if (!session.authenticated || !session.token) return null;
  const tenantId = queryClient.getQueryData(tenantContextQueryOptions().queryKey)?.tenantId ?? session.tenantMember?.tenant ?? null;
  return { tenantId, session };
}

/**
 * A page route's loader (React Router) starts the page's first queries as soon as the route is matched, beside the
 * download of its code, instead of after its first render (issue #25: the institution dashboard's offer image, its
 * largest paint, waited ~4 s on a phone for data asked for only once the page had rendered). The queries are the
 * ones the page's hooks run, from the same query options (`client.prefetchQuery`), so the hooks find them in the
 * cache. On the visit's first page the route waits for them (up to FIRST_LOAD_WAIT_MS); after that a navigation does
 * not wait: the next page shows its skeletons at once, as before. A failed query is not an error here: the page's hook
 * shows it as it always did.
 */
export async function preloadPageData(prefetch: (client: QueryClient) => Promise<void>[]): Promise<null> {
  const all = Promise.all(prefetch(queryClient));
  if (!appStarted) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, FIRST_LOAD_WAIT_MS)))]);
    clearTimeout(timer);
  }
  return null;
}

/**
 * Starts downloading an image the page will show, as soon as its address is known from the page's data: a page's
 * largest paint is often an image whose address arrives with the first answer (the institution dashboard's offer
 * cards), and the page's own <img> then finds it in the document's image cache instead of asking after its render.
 */
export function preloadImage(url: string, { srcSet, sizes }: { srcSet?: string; sizes?: string } = {}): void {
  const image = new Image();
  image.decoding = 'async';
  image.fetchPriority = 'high';
  // The same candidates and sizes as the page's <img>, so the browser picks the same copy (set before src).
  if (srcSet && sizes) {
    image.sizes = sizes;
    image.srcset = srcSet;
  }
  image.src = url;
}
