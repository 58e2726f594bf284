import { authResult, type AuthResult, type SignupBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useAuthRequestContext } from './auth-request-context.ts';

export function signup(body: SignupBody): Promise<AuthResult> {
  return api.post('/auth/signup', body, authResult);
}

export function useSignup() {
  const context = useAuthRequestContext('signup', { tenantOnPlatformOnly: true });
  return useMutation({
    mutationFn: async (body: SignupBody) => signup({ ...body, ...(await context()) }),
    onSuccess: (result) => sessionStore.signIn(result),
  });
}
