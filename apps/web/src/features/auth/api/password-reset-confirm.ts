import { authResult, type AuthResult, type PasswordResetConfirmBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useAuthRequestContext } from './auth-request-context.ts';

export function passwordResetConfirm(body: PasswordResetConfirmBody): Promise<AuthResult> {
  return api.post('/auth/password-reset-confirm', body, authResult);
}

export function usePasswordResetConfirm() {
  const context = useAuthRequestContext('password-reset-confirm');
  return useMutation({
    mutationFn: async (body: PasswordResetConfirmBody) => passwordResetConfirm({ ...body, ...(await context()) }),
    onSuccess: (result) => sessionStore.signIn(result),
  });
}
