import { listOf, tenantMemberAdmin, type MemberListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { groupsKey, groupsPath } from './list-groups.ts';

export function listGroupMembers(tenantId: string, groupId: string, q: MemberListQuery, signal?: AbortSignal) {
  return apiRequest(`${groupsPath(tenantId)}/${encodeURIComponent(groupId)}/members${toSearch(q)}`, {
    schema: listOf(tenantMemberAdmin),
    signal,
  });
}

export const groupMembersQueryOptions = (tenantId: string, groupId: string, q: MemberListQuery = {}) =>
  queryOptions({
    queryKey: [...groupsKey(tenantId), 'members', groupId, q],
    queryFn: ({ signal }) => listGroupMembers(tenantId, groupId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useGroupMembers(tenantId: string, groupId: string, q: MemberListQuery) {
  return useQuery(groupMembersQueryOptions(tenantId, groupId, q));
}
