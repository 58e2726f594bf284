import { authResult, type AuthResult, type PasswordUpdateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useAuthRequestContext } from '../../auth/index.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { sessionsQueryOptions } from './list-sessions.ts';

export function passwordUpdate(body: PasswordUpdateBody): Promise<AuthResult> {
  return api.post('/auth/password-update', body, authResult);
}

/**
 * Changes the password with the current one; the answer carries a new session token (every other session ends), stored
 * like a sign-in (§4).
 */
export function usePasswordUpdate() {
  const context = useAuthRequestContext('password-update');
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      passwordUpdate({ currentPassword, newPassword, ...(user ? { email: user.email } : {}), ...(await context()) }),
    onSuccess: (result) => {
      sessionStore.signIn(result);
      void queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
    },
  });
}
