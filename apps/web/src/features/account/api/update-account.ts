import { user, type AccountUpdateBody, type User } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../user/index.ts';
import { syncSession } from '../session-sync.ts';

export function updateAccount(id: string, body: AccountUpdateBody): Promise<User> {
  return api.put(`/user/${encodeURIComponent(id)}`, body, user);
}

export function useUpdateAccount(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountUpdateBody) => updateAccount(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueryOptions(id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: userQueryOptions(id).queryKey });
      syncSession({ user: saved });
    },
  });
}
