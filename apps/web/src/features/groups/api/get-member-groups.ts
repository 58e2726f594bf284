import { groupArray } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { membersKey, membersPath } from '../../members/index.ts';

export function getMemberGroups(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(`${membersPath(tenantId)}/${encodeURIComponent(id)}/groups`, groupArray, signal);
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
