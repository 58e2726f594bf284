import { listOf, teamMember, type TeamListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { institutionPath, institutionsKey } from './list-institutions.ts';

export const teamPath = (tenantId: string, id: string) => `${institutionPath(tenantId, id)}/team`;
/** Under the institutions key: team changes also refresh the history. */
export const teamKey = (tenantId: string, id: string) => [...institutionsKey(tenantId), 'team-members', id] as const;

/** GET …/team: newest first, paginated on the server. */
export function listTeam(tenantId: string, id: string, q: TeamListQuery, signal?: AbortSignal) {
  return apiRequest(`${teamPath(tenantId, id)}${toSearch(q)}`, { schema: listOf(teamMember), signal });
}

export const teamQueryOptions = (tenantId: string, id: string, q: TeamListQuery = {}) =>
  queryOptions({
    queryKey: [...teamKey(tenantId, id), q],
    queryFn: ({ signal }) => listTeam(tenantId, id, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '' && id !== '',
  });

export function useTeam(tenantId: string, id: string, q: TeamListQuery) {
  return useQuery(teamQueryOptions(tenantId, id, q));
}
