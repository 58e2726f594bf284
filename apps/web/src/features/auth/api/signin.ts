import { authResult, type AuthResult, type SigninBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useAuthRequestContext } from './auth-request-context.ts';

export function signin(body: SigninBody): Promise<AuthResult> {
  return api.post('/auth/signin', body, authResult);
}

export function useSignin() {
  const context = useAuthRequestContext('signin', { tenantOnPlatformOnly: true });
  return useMutation({
    mutationFn: async (body: SigninBody) => signin({ ...body, ...(await context()) }),
    onSuccess: (result) => sessionStore.signIn(result),
  });
}
