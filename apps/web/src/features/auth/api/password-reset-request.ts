import { passwordResetRequestResult, type PasswordResetRequestBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAuthRequestContext } from './auth-request-context.ts';

export function passwordResetRequest(body: PasswordResetRequestBody) {
  return api.post('/auth/password-reset-request', body, passwordResetRequestResult);
}

export function usePasswordResetRequest() {
  const context = useAuthRequestContext('password-reset-request');
  return useMutation({
    mutationFn: async (body: PasswordResetRequestBody) => passwordResetRequest({ ...body, ...(await context()) }),
  });
}
