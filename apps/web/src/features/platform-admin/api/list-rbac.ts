import { roleAssignment } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminUserQueryOptions } from './get-user.ts';

export function listRoleAssignments(userId: string, signal?: AbortSignal) {
  return api.get(`/admin/user/${encodeURIComponent(userId)}/rbac`, z.array(roleAssignment), signal);
}

export const roleAssignmentsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminUserQueryOptions(userId).queryKey, 'rbac'],
    queryFn: ({ signal }) => listRoleAssignments(userId, signal),
  });

export function useRoleAssignments(userId: string) {
  return useQuery(roleAssignmentsQueryOptions(userId));
}
