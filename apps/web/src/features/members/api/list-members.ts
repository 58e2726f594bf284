import { listOf, tenantMemberAdmin, type MemberListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

export const membersPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/members`;

export function listMembers(tenantId: string, q: MemberListQuery, signal?: AbortSignal) {
  return apiRequest(`${membersPath(tenantId)}${toSearch(q)}`, { schema: listOf(tenantMemberAdmin), signal });
}

/** Every member query of a tenant starts with this key, so one invalidation refreshes lists and details. */
export const membersKey = (tenantId: string) => ['tenant-members', tenantId] as const;

export const membersQueryOptions = (tenantId: string, q: MemberListQuery = {}) =>
  queryOptions({
    queryKey: [...membersKey(tenantId), 'list', q],
    queryFn: ({ signal }) => listMembers(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useMembers(tenantId: string, q: MemberListQuery) {
  return useQuery(membersQueryOptions(tenantId, q));
}
