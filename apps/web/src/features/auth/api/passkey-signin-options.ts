import { webauthnOptions } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';

/** The challenge a passkey signs to finish the pending sign-in `mfaToken` names. */
export function getPasskeySigninOptions(mfaToken: string): Promise<Record<string, unknown>> {
  return api.post('/auth/mfa/passkey/options', { mfaToken }, webauthnOptions);
}
