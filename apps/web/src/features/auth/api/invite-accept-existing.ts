import { authResult, type AuthResult, type InviteAcceptExistingBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

/** An invitation accepted by the signed-in account it was e-mailed to (issue #21). */
export function inviteAcceptExisting(body: InviteAcceptExistingBody): Promise<AuthResult> {
  return api.post('/auth/invite-accept-existing', body, authResult);
}

/** The answer is the same session with the membership now active: the store takes it as a fresh sign-in result. */
export function useInviteAcceptExisting() {
  return useMutation({
    mutationFn: inviteAcceptExisting,
    onSuccess: (result) => sessionStore.signIn(result),
  });
}
