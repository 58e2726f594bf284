import { group, listOf, type GroupListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

export const groupsPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/groups`;

export function listGroups(tenantId: string, q: GroupListQuery, signal?: AbortSignal) {
  return apiRequest(`${groupsPath(tenantId)}${toSearch(q)}`, { schema: listOf(group), signal });
}

/** Every group query of a tenant starts with this key. */
export const groupsKey = (tenantId: string) => ['tenant-groups', tenantId] as const;

export const groupsQueryOptions = (tenantId: string, q: GroupListQuery = {}) =>
  queryOptions({
    queryKey: [...groupsKey(tenantId), 'list', q],
    queryFn: ({ signal }) => listGroups(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useGroups(tenantId: string, q: GroupListQuery) {
  return useQuery(groupsQueryOptions(tenantId, q));
}
