import { user, type User } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getUser(id: string, signal?: AbortSignal): Promise<User> {
  return api.get(`/user/${encodeURIComponent(id)}`, user, signal);
}

export const userQueryOptions = (id: string) => queryOptions({ queryKey: ['user', id], queryFn: ({ signal }) => getUser(id, signal) });

export function useUser(id: string | null | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
