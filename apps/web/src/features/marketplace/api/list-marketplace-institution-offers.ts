import { listOf, marketplaceApiPath, marketplaceOfferCard, offerListSearch, type MarketplaceOfferListParams } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';

/** One institution's listed offers (001 §7 `institutions/{id}/offers`), the same card shape and query as the marketplace list. */
export function listMarketplaceInstitutionOffers(
  tenantId: string,
  institutionId: string,
  params: MarketplaceOfferListParams,
  signal?: AbortSignal,
) {
  const path = `${marketplaceApiPath(tenantId)}/institutions/${encodeURIComponent(institutionId)}/offers${offerListSearch(params)}`;
  return apiRequest(path, { schema: listOf(marketplaceOfferCard), signal });
}

export const marketplaceInstitutionOffersQueryOptions = (tenantId: string, institutionId: string, params: MarketplaceOfferListParams) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'institution', institutionId, 'offers', params],
    queryFn: ({ signal }) => listMarketplaceInstitutionOffers(tenantId, institutionId, params, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '' && institutionId !== '',
  });

export function useMarketplaceInstitutionOffers(
  tenantId: string,
  institutionId: string,
  params: MarketplaceOfferListParams,
  enabled = true,
) {
  return useQuery({
    ...marketplaceInstitutionOffersQueryOptions(tenantId, institutionId, params),
    enabled: enabled && tenantId !== '' && institutionId !== '',
  });
}
