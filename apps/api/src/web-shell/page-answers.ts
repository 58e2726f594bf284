import {
  MARKETPLACE_FILTER_INSTITUTIONS,
  MARKETPLACE_IMAGE_SIZES,
  MARKETPLACE_FIRST_PAGE,
  MARKETPLACE_OFFER_TABS,
  marketplaceInstitutionsApiPath,
  marketplaceOfferApiPath,
  marketplaceOffersApiPath,
  marketplaceShowcaseApiPath,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const OFFER_TABS = new Set<string>(MARKETPLACE_OFFER_TABS.map((tab) => tab.segment));
/** The list's address keys that change nothing it asks the API for. */
const VIEW_ONLY_KEYS = new Set(['view']);

/**
 * The GETs (paths under /api/v1, with their query) the web app makes for its first render of a landing page, built
 * by the same @tessera/domain functions as its fetchers (apps/web/src/features/marketplace/api/*): the marketplace list asks for the showcase, the
 * institutions for its filter panel and, at its default sort and page, the first page of offers; an offer's page
 * asks for the offer. A filtered list asks with its own query and is left to the app. Other pages ask for nothing here.
 */
export function firstRequests(tenantId: string, path: string, search: string): string[] {
  const segments = path.split('/').filter(Boolean);
  if (segments[0] !== 'marketplace' || segments[1] !== 'offers') return [];
  if (segments.length === 2) {
    const requests = [marketplaceShowcaseApiPath(tenantId), marketplaceInstitutionsApiPath(tenantId, MARKETPLACE_FILTER_INSTITUTIONS)];
    const keys = [...new URLSearchParams(search).keys()];
    if (keys.every((key) => VIEW_ONLY_KEYS.has(key))) requests.unshift(marketplaceOffersApiPath(tenantId, MARKETPLACE_FIRST_PAGE));
    return requests;
  }
  if (segments.length > 4 || (segments.length === 4 && !OFFER_TABS.has(segments[3]!))) return [];
  let idOrSlug: string;
  try {
    idOrSlug = decodeURIComponent(segments[2]!);
  } catch {
    return [];
  }
  return [marketplaceOfferApiPath(tenantId, idOrSlug)];
}

export interface PageAnswers {
  /** Response bodies by request path (what `PAGE_ANSWERS_ID` holds). */
  answers: Record<string, unknown>;
  /**
   * The first screen's largest image, which the page preloads: the first showcase slide's banner, or the offer's, with
   * how wide both the first screen and the app draw it (so the preload, the first screen and the app pick one copy).
   */
  leadImage: { url: string; sizes: string } | null;
}

interface BannerCarrier {
  bannerUrl?: unknown;
}

/**
 * An image address the page may preload or the server's first screen may show: the API's own, never another origin's
 * (banners and logos are the API's own image addresses).
 */
export function apiImage(url: unknown): string | null {
  return typeof url === 'string' && url.startsWith('/api/') ? url : null;
}

function bannerOf(value: unknown): string | null {
  return apiImage((value as BannerCarrier | undefined)?.bannerUrl);
}

/**
 * Makes the page's first GETs through the app itself (the same routes, access rules and serialisation as the
 * browser's own requests), as a signed-out visitor: no credentials are passed on. Only 200 answers are written;
 * anything else is left for the app to ask and handle. The marketplace answers the same to everyone today; the web
 * app still ignores these answers when it holds a session (lib/page-answers.ts), so a member-specific view later
 * cannot be handed a visitor's.
 */
export async function pageAnswers(app: FastifyInstance, request: FastifyRequest, path: string, search: string): Promise<PageAnswers> {
  const tenantId = request.tenant?.id;
  const none: PageAnswers = { answers: {}, leadImage: null };
  if (!tenantId || request.method !== 'GET') return none;
  const requests = firstRequests(tenantId, path, search);
  if (requests.length === 0) return none;
  const settled = await Promise.all(
    requests.map(async (url) => {
      try {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1${url}`,
          headers: { host: request.headers.host ?? '', accept: 'application/json' },
        });
        return response.statusCode === 200 ? ([url, response.json()] as const) : null;
      } catch (error) {
        request.log.warn({ err: error, url }, 'page answer failed: the app will ask for it');
        return null;
      }
    }),
  );
  const answers = Object.fromEntries(settled.filter((entry) => entry !== null));
  const body = (url: string | undefined) => (url ? (answers[url] as { data?: unknown } | undefined)?.data : undefined);
  const showcase = body(requests.find((url) => url.endsWith('/showcase')));
  const offer = requests.length === 1 ? body(requests[0]) : undefined;
  const [url, sizes] = Array.isArray(showcase)
    ? [bannerOf(showcase[0]), MARKETPLACE_IMAGE_SIZES.showcaseBanner]
    : [bannerOf(offer), MARKETPLACE_IMAGE_SIZES.pageBanner];
  return { answers, leadImage: url ? { url, sizes } : null };
}
