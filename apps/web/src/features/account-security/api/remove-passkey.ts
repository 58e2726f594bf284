import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';

export function removePasskey(passkeyId: string): Promise<void> {
  return api.remove(`/auth/mfa/passkeys/${encodeURIComponent(passkeyId)}`);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
