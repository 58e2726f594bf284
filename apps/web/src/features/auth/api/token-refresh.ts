import { authResult, type AuthResult, type TokenRefreshBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useAuthRequestContext } from './auth-request-context.ts';

export function tokenRefresh(body: TokenRefreshBody): Promise<AuthResult> {
  return api.post('/auth/token-refresh', body, authResult);
}

/**
 * A fresh token for the signed-in user, after recording a token-refresh event (§7): the session's refresh token is
 * traded for it and for the next one (each works once).
 */
export function useTokenRefresh() {
  const context = useAuthRequestContext('token-refresh');
  const { user } = useSession();
  return useMutation({
    mutationFn: async () =>
      tokenRefresh({
        refreshToken: sessionStore.getState().refreshToken ?? '',
        ...(user ? { email: user.email } : {}),
        ...(await context()),
      }),
    onSuccess: (result) => sessionStore.signIn(result),
  });
}
