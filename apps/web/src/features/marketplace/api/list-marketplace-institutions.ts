import { listOf, marketplaceInstitutionSummary, PAGE_LIMIT_MAX } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';
import { marketplacePath } from './list-marketplace-offers.ts';

/** The marketplace's institutions, most offers first (001 §2), as many as one page holds: enough for the institution filter. */
export function listMarketplaceInstitutions(tenantId: string, signal?: AbortSignal) {
  return apiRequest(`${marketplacePath(tenantId)}/institutions?limit=${PAGE_LIMIT_MAX}`, { schema: listOf(marketplaceInstitutionSummary), signal });
}

export const marketplaceInstitutionsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'institutions', { limit: PAGE_LIMIT_MAX }],
    queryFn: ({ signal }) => listMarketplaceInstitutions(tenantId, signal),
    enabled: tenantId !== '',
    staleTime: 5 * 60_000,
  });

export function useMarketplaceInstitutions(tenantId: string, enabled = true) {
  return useQuery({ ...marketplaceInstitutionsQueryOptions(tenantId), enabled: enabled && tenantId !== '' });
}
