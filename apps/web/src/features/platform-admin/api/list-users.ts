import { adminUser, listOf, type AdminUserQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

type UserListQuery = Partial<AdminUserQuery>;

export function listUsers(q: UserListQuery, signal?: AbortSignal) {
  return apiRequest(`/admin/user${toSearch(q)}`, { schema: listOf(adminUser), signal });
}

export const usersQueryOptions = (q: UserListQuery = {}) =>
  queryOptions({
    queryKey: ['platform-admin', 'users', q],
    queryFn: ({ signal }) => listUsers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(q: UserListQuery) {
  return useQuery(usersQueryOptions(q));
}
