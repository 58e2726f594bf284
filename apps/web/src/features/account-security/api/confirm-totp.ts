import { recoveryCodes, type RecoveryCodes } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';

/** The app's first code turns it on; the first factor of an account also brings its recovery codes. */
export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return api.post('/auth/mfa/totp/confirm', { code }, recoveryCodes);
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
