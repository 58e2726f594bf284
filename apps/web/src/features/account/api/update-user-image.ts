import { user, type User } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../user/index.ts';
import { syncSession } from '../session-sync.ts';

export function updateUserImage(id: string, file: File): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  return api.upload(`/user/${encodeURIComponent(id)}/image`, form, user, 'PUT');
}

export function useUpdateUserImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => updateUserImage(id, file),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryOptions(id).queryKey, saved);
      syncSession({ user: saved });
    },
  });
}
