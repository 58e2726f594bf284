import { listOf, marketplaceOfferCard, marketplaceOffersApiPath, type MarketplaceOfferListParams } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { takePageAnswer } from '../../../lib/page-answers.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';

const offerPage = listOf(marketplaceOfferCard);

export function listMarketplaceOffers(tenantId: string, params: MarketplaceOfferListParams, signal?: AbortSignal) {
  return apiRequest(marketplaceOffersApiPath(tenantId, params), { schema: offerPage, signal });
}

export const marketplaceOffersQueryOptions = (tenantId: string, params: MarketplaceOfferListParams) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'offers', params],
    queryFn: ({ signal }) => listMarketplaceOffers(tenantId, params, signal),
    // The first page of a signed-out visit comes written into the page (lib/page-answers.ts).
    initialData: () => takePageAnswer(marketplaceOffersApiPath(tenantId, params), offerPage),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useMarketplaceOffers(tenantId: string, params: MarketplaceOfferListParams, enabled = true) {
  return useQuery({ ...marketplaceOffersQueryOptions(tenantId, params), enabled: enabled && tenantId !== '' });
}
