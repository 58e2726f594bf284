import { authResult, type AuthResult, type MfaVerifyBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

/** The sign-in's second step with an authenticator code or a recovery code. */
export function verifyMfa(body: MfaVerifyBody): Promise<AuthResult> {
  return api.post('/auth/mfa/verify', body, authResult);
}

export function useMfaVerify() {
  return useMutation({ mutationFn: verifyMfa, onSuccess: (result) => sessionStore.signIn(result) });
}
