import { mfaStatus } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { passkeyRegistration } from '../../../lib/webauthn.ts';
import { enrolled } from './enrolled.ts';
import { getPasskeyRegistrationOptions } from './get-passkey-registration-options.ts';

/** The new passkey, and the account's recovery codes when it is the first factor (shown once). */
const passkeyAdded = z.object({ data: mfaStatus.shape.passkeys.element, recoveryCodes: z.array(z.string()).optional() });
export type PasskeyAdded = z.infer<typeof passkeyAdded>;

export function addPasskey(name: string, response: unknown): Promise<PasskeyAdded> {
  return apiRequest('/auth/mfa/passkeys', { method: 'POST', body: { name, response }, schema: passkeyAdded });
}

/** Makes a passkey on this device (the browser asks the person) and registers it under `name`. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => addPasskey(name, await passkeyRegistration(await getPasskeyRegistrationOptions())),
    onSuccess: () => enrolled(queryClient),
  });
}
