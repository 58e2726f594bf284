import { adminUser, type UserRole } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { platformEventsKey } from './get-platform-events.ts';
import { adminUserQueryOptions } from './get-user.ts';
import { usersQueryOptions } from './list-users.ts';

export function updateUserRole(id: string, role: UserRole) {
  return api.put(`/admin/user/${encodeURIComponent(id)}/role`, { role }, adminUser);
}

export function useUpdateUserRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: UserRole) => updateUserRole(id, role),
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserQueryOptions(id).queryKey, user);
      void queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey.slice(0, 2) });
      void queryClient.invalidateQueries({ queryKey: platformEventsKey });
    },
  });
}
