import { passkeyRegistered, type PasskeyRegistered } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { passkeyRegistration } from '../../../lib/webauthn.ts';
import { mfaStatusQueryOptions } from './get-mfa-status.ts';
import { getPasskeyRegistrationOptions } from './get-passkey-registration-options.ts';

/** The new passkey, and the account's recovery codes when it is the first factor (shown once). */
export function addPasskey(name: string, response: unknown): Promise<PasskeyRegistered> {
  return api.post('/auth/mfa/passkeys', { name, response }, passkeyRegistered);
}

/** Makes a passkey on this device (the browser asks the person) and registers it under `name`. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => addPasskey(name, await passkeyRegistration(await getPasskeyRegistrationOptions())),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions().queryKey }),
  });
}
