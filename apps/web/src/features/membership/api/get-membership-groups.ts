import { group, listOf, PAGE_LIMIT_MAX } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { membershipPath, membershipQueryOptions } from './get-membership.ts';

/** Your groups: the first page of the largest size, which holds every group a member is in in practice. */
export async function getMembershipGroups(id: string, signal?: AbortSignal) {
  return (await apiRequest(`${membershipPath(id)}/groups?limit=${PAGE_LIMIT_MAX}`, { schema: listOf(group), signal })).data;
}

export const membershipGroupsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...membershipQueryOptions(id).queryKey, 'groups'], queryFn: ({ signal }) => getMembershipGroups(id, signal) });

export function useMembershipGroups(id: string) {
  return useQuery(membershipGroupsQueryOptions(id));
}
