import { roleAssignment, type RoleAssignmentBody, type TenantRole } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userAssociationsQueryOptions } from './get-user-associations.ts';
import { platformEventsKey } from './get-platform-events.ts';
import { roleAssignmentsQueryOptions } from './list-rbac.ts';

// POST, PUT and DELETE admin/user/{id}/rbac[/{rbacId}]: one file, as they share their cache effects.
export function createRoleAssignment(userId: string, body: RoleAssignmentBody) {
  return api.post(`/admin/user/${encodeURIComponent(userId)}/rbac`, body, roleAssignment);
}
export function updateRoleAssignment(userId: string, rbacId: string, role: TenantRole) {
  return api.put(`/admin/user/${encodeURIComponent(userId)}/rbac/${encodeURIComponent(rbacId)}`, { role }, roleAssignment);
}
export function deleteRoleAssignment(userId: string, rbacId: string) {
  return api.remove(`/admin/user/${encodeURIComponent(userId)}/rbac/${encodeURIComponent(rbacId)}`);
}

function useRefresh(userId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: roleAssignmentsQueryOptions(userId).queryKey });
    void queryClient.invalidateQueries({ queryKey: userAssociationsQueryOptions(userId).queryKey });
    void queryClient.invalidateQueries({ queryKey: platformEventsKey });
  };
}

export function useCreateRoleAssignment(userId: string) {
  const onSuccess = useRefresh(userId);
  return useMutation({ mutationFn: (body: RoleAssignmentBody) => createRoleAssignment(userId, body), onSuccess });
}
export function useUpdateRoleAssignment(userId: string) {
  const onSuccess = useRefresh(userId);
  return useMutation({
    mutationFn: ({ rbacId, role }: { rbacId: string; role: TenantRole }) => updateRoleAssignment(userId, rbacId, role),
    onSuccess,
  });
}
export function useDeleteRoleAssignment(userId: string) {
  const onSuccess = useRefresh(userId);
  return useMutation({ mutationFn: (rbacId: string) => deleteRoleAssignment(userId, rbacId), onSuccess });
}
