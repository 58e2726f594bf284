import { adminUser } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getAdminUser(id: string, signal?: AbortSignal) {
  return api.get(`/admin/user/${encodeURIComponent(id)}`, adminUser, signal);
}

export const adminUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['platform-admin', 'user', id], queryFn: ({ signal }) => getAdminUser(id, signal) });

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}
