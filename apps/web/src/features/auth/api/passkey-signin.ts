import { authResult, type AuthResult } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { passkeyAssertion } from '../../../lib/webauthn.ts';
import { getPasskeySigninOptions } from './passkey-signin-options.ts';

export function passkeySignin(mfaToken: string, response: unknown): Promise<AuthResult> {
  return api.post('/auth/mfa/passkey/verify', { mfaToken, response }, authResult);
}

/** The second step with a passkey: the server's challenge, the authenticator's signature, the session. */
export function usePasskeySignin() {
  return useMutation({
    mutationFn: async (mfaToken: string) => {
      const options = await getPasskeySigninOptions(mfaToken);
      return passkeySignin(mfaToken, await passkeyAssertion(options));
    },
    onSuccess: (result) => sessionStore.signIn(result),
  });
}
