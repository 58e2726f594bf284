import { tenantMember } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const membershipPath = (id: string) => `/tenant-member/${encodeURIComponent(id)}`;

export function getMembership(id: string, signal?: AbortSignal) {
  return api.get(membershipPath(id), tenantMember, signal);
}

export const membershipQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['membership', id], queryFn: ({ signal }) => getMembership(id, signal) });

export function useMembership(id: string) {
  return useQuery(membershipQueryOptions(id));
}
