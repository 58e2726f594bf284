import type { TenantBootstrap } from '@tessera/domain';

export interface FirstScreenInput {
  bootstrap: TenantBootstrap;
  /** The request path, e.g. /marketplace/offers/cedar-point-hotel/home. */
  path: string;
  /** The page's first GETs' answers (page-answers.ts), by API path. */
  answers: Record<string, unknown>;
}

/** Markup painted under the top bar before the app runs, and the CSS it needs (scoped to its own classes). */
export interface FirstScreen {
  style: string;
  body: string;
}

/**
 * The first screen of a landing page as static HTML, painted under the server's top bar (first-paint.ts) until the
 * app's first render replaces it. Null where the page has none: the top bar is painted alone.
 */
export function firstScreen(_input: FirstScreenInput): FirstScreen | null {
  return null;
}
