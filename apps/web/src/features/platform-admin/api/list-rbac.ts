import { listOf, PAGE_LIMIT_MAX, roleAssignment } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminUserQueryOptions } from './get-user.ts';

/** A user's role assignments: the first page of the largest size, which holds every assignment of a user in practice. */
export async function listRoleAssignments(userId: string, signal?: AbortSignal) {
  const path = `/admin/user/${encodeURIComponent(userId)}/rbac?limit=${PAGE_LIMIT_MAX}`;
  return (await apiRequest(path, { schema: listOf(roleAssignment), signal })).data;
}

export const roleAssignmentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminUserQueryOptions(userId).queryKey, 'rbac'],
    queryFn: ({ signal }) => listRoleAssignments(userId, signal),
  });

export function useRoleAssignments(userId: string) {
  return useQuery(roleAssignmentsQueryOptions(userId));
}
