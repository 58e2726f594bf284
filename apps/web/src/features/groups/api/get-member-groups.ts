import { group, listOf, PAGE_LIMIT_MAX } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { membersKey, membersPath } from '../../members/index.ts';

/** The member's groups: the first page of the largest size, which holds every group a member is in in practice. */
export async function getMemberGroups(tenantId: string, id: string, signal?: AbortSignal) {
  const path = `${membersPath(tenantId)}/${encodeURIComponent(id)}/groups?limit=${PAGE_LIMIT_MAX}`;
  return (await apiRequest(path, { schema: listOf(group), signal })).data;
}

export const memberGroupsQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: [...membersKey(tenantId), 'groups', id],
    queryFn: ({ signal }) => getMemberGroups(tenantId, id, signal),
    enabled: tenantId !== '',
  });

export function useMemberGroups(tenantId: string, id: string) {
  return useQuery(memberGroupsQueryOptions(tenantId, id));
}
