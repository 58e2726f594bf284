import { groupArray } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { membershipPath, membershipQueryOptions } from './get-membership.ts';

export function getMembershipGroups(id: string, signal?: AbortSignal) {
  return api.get(`${membershipPath(id)}/groups`, groupArray, signal);
}

export const membershipGroupsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...membershipQueryOptions(id).queryKey, 'groups'], queryFn: ({ signal }) => getMembershipGroups(id, signal) });

export function useMembershipGroups(id: string) {
  return useQuery(membershipGroupsQueryOptions(id));
}
