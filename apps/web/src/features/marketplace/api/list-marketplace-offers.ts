import { listOf, marketplaceOfferCard, type MarketplaceOfferListParams } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
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

export function listMarketplaceOffers(tenantId: string, params: MarketplaceOfferListParams, signal?: AbortSignal) {
  return apiRequest(`${marketplacePath(tenantId)}/offers${offerListSearch(params)}`, { schema: listOf(marketplaceOfferCard), signal });
}

export const marketplaceOffersQueryOptions = (tenantId: string, params: MarketplaceOfferListParams) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'offers', params],
    queryFn: ({ signal }) => listMarketplaceOffers(tenantId, params, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useMarketplaceOffers(tenantId: string, params: MarketplaceOfferListParams, enabled = true) {
  return useQuery({ ...marketplaceOffersQueryOptions(tenantId, params), enabled: enabled && tenantId !== '' });
}
