import { webauthnOptions } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';

/** The options a new passkey is made with (the challenge, this site, the passkeys the account already has). */
export function getPasskeyRegistrationOptions(): Promise<Record<string, unknown>> {
  return api.post('/auth/mfa/passkeys/options', {}, webauthnOptions);
}
