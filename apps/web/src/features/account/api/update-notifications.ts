import { user, type NotificationsUpdateBody, type User } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../user/index.ts';
import { syncSession } from '../session-sync.ts';

export function updateNotifications(id: string, body: NotificationsUpdateBody): Promise<User> {
  return api.put(`/user/${encodeURIComponent(id)}/notifications`, body, user);
}

export function useUpdateNotifications(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationsUpdateBody) => updateNotifications(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryOptions(id).queryKey, saved);
      syncSession({ user: saved });
    },
  });
}
