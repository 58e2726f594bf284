import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { platformEventsKey } from './get-platform-events.ts';
import { adminUserQueryOptions } from './get-user.ts';
import { usersQueryOptions } from './list-users.ts';

export function deleteAdminUser(id: string) {
  return api.remove(`/admin/user/${encodeURIComponent(id)}`);
}

export function useDeleteAdminUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAdminUser(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminUserQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey.slice(0, 2) });
      void queryClient.invalidateQueries({ queryKey: platformEventsKey });
    },
  });
}
