import { userAssociations } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminUserQueryOptions } from './get-user.ts';

export function getUserAssociations(id: string, signal?: AbortSignal) {
  return api.get(`/admin/user/${encodeURIComponent(id)}/associations`, userAssociations, signal);
}

export const userAssociationsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminUserQueryOptions(id).queryKey, 'associations'],
    queryFn: ({ signal }) => getUserAssociations(id, signal),
  });

export function useUserAssociations(id: string) {
  return useQuery(userAssociationsQueryOptions(id));
}
