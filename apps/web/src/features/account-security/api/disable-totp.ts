import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';

export function disableTotp(): Promise<void> {
  return api.remove('/auth/mfa/totp');
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
