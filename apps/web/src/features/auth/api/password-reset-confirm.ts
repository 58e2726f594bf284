import { signinResult, type PasswordResetConfirmBody, type SigninResult } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useAuthRequestContext } from './auth-request-context.ts';
import { isMfaChallenge } from './signin.ts';

/** The new password is set: a session, or (the account has a second factor) the challenge of the second step. */
export function passwordResetConfirm(body: PasswordResetConfirmBody): Promise<SigninResult> {
  return api.post('/auth/password-reset-confirm', body, signinResult);
}

export function usePasswordResetConfirm() {
  const context = useAuthRequestContext('password-reset-confirm');
  return useMutation({
    mutationFn: async (body: PasswordResetConfirmBody) => passwordResetConfirm({ ...body, ...(await context()) }),
    onSuccess: (answer) => {
      if (!isMfaChallenge(answer)) sessionStore.signIn(answer);
    },
  });
}
