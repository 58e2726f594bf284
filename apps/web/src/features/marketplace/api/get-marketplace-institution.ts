import { marketplaceInstitution } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';

/** GET tenant/{t}/marketplace/institutions/{idOrSlug}: one institution as investors see it (visible media only). */
export function getMarketplaceInstitution(tenantId: string, idOrSlug: string, signal?: AbortSignal) {
  return api.get(
    `/tenant/${encodeURIComponent(tenantId)}/marketplace/institutions/${encodeURIComponent(idOrSlug)}`,
    marketplaceInstitution,
    signal,
  );
}

export const marketplaceInstitutionQueryOptions = (tenantId: string, idOrSlug: string) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'institution', idOrSlug],
    queryFn: ({ signal }) => getMarketplaceInstitution(tenantId, idOrSlug, signal),
    enabled: tenantId !== '' && idOrSlug !== '',
  });

export function useMarketplaceInstitution(tenantId: string, idOrSlug: string) {
  return useQuery(marketplaceInstitutionQueryOptions(tenantId, idOrSlug));
}
