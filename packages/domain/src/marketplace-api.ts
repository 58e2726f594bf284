import { PAGE_LIMIT_MAX } from './http.ts';
import type { MarketplaceOfferListParams } from './marketplace.ts';

/**
 * The marketplace's API paths (under /api/v1), built once for both sides: the web app's fetchers request them
 * (apps/web features/marketplace/api) and the server writes the landing pages' first answers keyed by them
 * (apps/api web-shell/page-answers.ts), so an answer is found only if both spell the path the same way.
 */
export const marketplaceApiPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/marketplace`;

/** GET …/marketplace/offers/{idOrSlug}: one listed offer. */
export const marketplaceOfferApiPath = (tenantId: string, idOrSlug: string) =>
  `${marketplaceApiPath(tenantId)}/offers/${encodeURIComponent(idOrSlug)}`;

/** GET …/marketplace/showcase: the handpicked deals of the carousel. */
export const marketplaceShowcaseApiPath = (tenantId: string) => `${marketplaceApiPath(tenantId)}/showcase`;

/**
 * A query string from the set values of a list query: `?a=1&b=x`, leaving out empty values (undefined, null, '' and
 * empty lists, and 0 too with `omitZero`); a list is sent comma-separated. The web app's list queries use it as well.
 */
export function toSearch(q: object, { omitZero = false }: { omitZero?: boolean } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value === undefined || value === null || value === '' || (omitZero && value === 0) || (Array.isArray(value) && value.length === 0))
      continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The query string of an offer list: filter lists comma-separated and zero bounds left out (001 §5: 0 means no
 * bound), so the request carries only what narrows the list.
 */
export const offerListSearch = (params: MarketplaceOfferListParams) => toSearch(params, { omitZero: true });

/** GET …/marketplace/offers with a list's query. */
export const marketplaceOffersApiPath = (tenantId: string, params: MarketplaceOfferListParams) =>
  `${marketplaceApiPath(tenantId)}/offers${offerListSearch(params)}`;

/** The marketplace list's page sizes: 12 or 24 cards (a multiple of 2, 3 and 4 columns); the first is the default. */
export const MARKETPLACE_OFFER_PAGE_SIZES = [12, 24] as const;

/** The marketplace list's first page as the web app asks for it with nothing in its address: page 1, 12 cards, newest first. */
export const MARKETPLACE_FIRST_PAGE = {
  page: 1,
  limit: MARKETPLACE_OFFER_PAGE_SIZES[0],
  sort: 'newest',
} as const satisfies MarketplaceOfferListParams;
/** Its query string, `?page=1&limit=12&sort=newest`. */
export const MARKETPLACE_FIRST_PAGE_SEARCH = offerListSearch(MARKETPLACE_FIRST_PAGE);

export interface MarketplaceInstitutionListParams {
  page?: number;
  limit?: number;
  search?: string;
}

/** GET …/marketplace/institutions with a list's query. */
export const marketplaceInstitutionsApiPath = (tenantId: string, params: MarketplaceInstitutionListParams) =>
  `${marketplaceApiPath(tenantId)}/institutions${toSearch(params)}`;

/** What the marketplace list's filter panel asks for: every institution, in one page. */
export const MARKETPLACE_FILTER_INSTITUTIONS = { limit: PAGE_LIMIT_MAX } as const satisfies MarketplaceInstitutionListParams;
