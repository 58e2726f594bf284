import { recoveryCodes, type RecoveryCodes } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';

/** New recovery codes; the earlier ones stop working. */
export function regenerateRecoveryCodes(): Promise<RecoveryCodes> {
  return api.post('/auth/mfa/recovery-codes', {}, recoveryCodes);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
