import { institution, listOf } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

/**
 * The institutions the create modal may pick from: the caller's teams (GPs) or all of the tenant's (owners, tenant area).
 * The first 100 by name: the picker searches on the client.
 */
export function listInstitutionOptions(tenantId: string, teamOnly: boolean, signal?: AbortSignal) {
  const q = { limit: 100, sort: 'name', direction: 'asc', ...(teamOnly && { isTeamMember: 'true' }) };
  return apiRequest(`/tenant/${encodeURIComponent(tenantId)}/institutions${toSearch(q)}`, { schema: listOf(institution), signal });
}

export const institutionOptionsQueryOptions = (tenantId: string, teamOnly: boolean) =>
  queryOptions({
    queryKey: ['tenant-institutions', tenantId, 'offer-picker', teamOnly],
    queryFn: ({ signal }) => listInstitutionOptions(tenantId, teamOnly, signal),
    enabled: tenantId !== '',
  });

export function useInstitutionOptions(tenantId: string, teamOnly: boolean) {
  return useQuery(institutionOptionsQueryOptions(tenantId, teamOnly));
}
