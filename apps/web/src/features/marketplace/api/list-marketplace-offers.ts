import { listOf, marketplaceOfferCard, type MarketplaceOfferListParams } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { takePageAnswer } from '../../../lib/page-answers.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';

export const marketplacePath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/marketplace`;

/**
 * The query string of an offer list: filter lists comma-separated and zero bounds left out (001 §5: 0 means no
 * bound), so the request carries only what narrows the list.
 */
export function offerListSearch(params: MarketplaceOfferListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || value === 0) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const offersPath = (tenantId: string, params: MarketplaceOfferListParams) => `${marketplacePath(tenantId)}/offers${offerListSearch(params)}`;
const offerPage = listOf(marketplaceOfferCard);

export function listMarketplaceOffers(tenantId: string, params: MarketplaceOfferListParams, signal?: AbortSignal) {
  return apiRequest(offersPath(tenantId, params), { schema: offerPage, signal });
}

export const marketplaceOffersQueryOptions = (tenantId: string, params: MarketplaceOfferListParams) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'offers', params],
    queryFn: ({ signal }) => listMarketplaceOffers(tenantId, params, signal),
    // The first page of a signed-out visit comes written into the page (lib/page-answers.ts).
    initialData: () => takePageAnswer(offersPath(tenantId, params), offerPage),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useMarketplaceOffers(tenantId: string, params: MarketplaceOfferListParams, enabled = true) {
  return useQuery({ ...marketplaceOffersQueryOptions(tenantId, params), enabled: enabled && tenantId !== '' });
}
