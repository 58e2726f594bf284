import {
  listOf,
  marketplaceInstitutionsApiPath,
  marketplaceInstitutionSummary,
  type MarketplaceInstitutionListParams,
} from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { takePageAnswer } from '../../../lib/page-answers.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';

/** GET tenant/{t}/marketplace/institutions: the tenant's institutions, the most offers first, paginated on the server. */
const institutionPage = listOf(marketplaceInstitutionSummary);

export function listMarketplaceInstitutions(tenantId: string, q: MarketplaceInstitutionListParams, signal?: AbortSignal) {
  return apiRequest(marketplaceInstitutionsApiPath(tenantId, q), { schema: institutionPage, signal });
}

export const marketplaceInstitutionsQueryOptions = (tenantId: string, q: MarketplaceInstitutionListParams = {}) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'institutions', q],
    queryFn: ({ signal }) => listMarketplaceInstitutions(tenantId, q, signal),
    // The marketplace list's filter panel asks for every institution; its page carries them (lib/page-answers.ts).
    initialData: () => takePageAnswer(marketplaceInstitutionsApiPath(tenantId, q), institutionPage),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useMarketplaceInstitutions(tenantId: string, q: MarketplaceInstitutionListParams, enabled = true) {
  return useQuery({ ...marketplaceInstitutionsQueryOptions(tenantId, q), enabled: enabled && tenantId !== '' });
}
