import { institution, listOf } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

interface TeamInstitutionsQuery {
  search?: string;
  page?: number;
  limit?: number;
}

/** GET tenant/{t}/institutions?isTeamMember=true: the institutions the caller is on the team of (002 §1), by name. */
export function listTeamInstitutions(tenantId: string, q: TeamInstitutionsQuery, signal?: AbortSignal) {
  const query = { ...q, isTeamMember: 'true', sort: 'name', direction: 'asc' };
  return apiRequest(`/tenant/${encodeURIComponent(tenantId)}/institutions${toSearch(query)}`, { schema: listOf(institution), signal });
}

/** Under the institutions' key, so a change to any institution refreshes the picker too. */
export const teamInstitutionsQueryOptions = (tenantId: string, q: TeamInstitutionsQuery) =>
  queryOptions({
    queryKey: ['tenant-institutions', tenantId, 'team', q],
    queryFn: ({ signal }) => listTeamInstitutions(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useTeamInstitutions(tenantId: string, q: TeamInstitutionsQuery) {
  return useQuery(teamInstitutionsQueryOptions(tenantId, q));
}
