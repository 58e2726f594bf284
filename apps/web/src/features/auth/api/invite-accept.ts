import { authResult, type AuthResult, type InviteAcceptBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { useAuthRequestContext } from './auth-request-context.ts';

export function inviteAccept(body: InviteAcceptBody): Promise<AuthResult> {
  return api.post('/auth/invite-accept', body, authResult);
}

/** The tenant is the one named in the invite token (§7), so it overrides the page's. */
export function useInviteAccept() {
  const context = useAuthRequestContext('invite-accept');
  return useMutation({
    mutationFn: async (body: InviteAcceptBody) => inviteAccept({ ...(await context()), ...body }),
    onSuccess: (result) => sessionStore.signIn(result),
  });
}
