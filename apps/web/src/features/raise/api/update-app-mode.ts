import { tenantMember, type AppModeBody } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';

/** PUT user/{id}/tenant-member/mode: Invest or Raise and the picked institution, kept on the membership (002 §1). */
export function updateAppMode(userId: string, body: AppModeBody) {
  return api.put(`/user/${encodeURIComponent(userId)}/tenant-member/mode`, body, tenantMember);
}

/** The answer is the membership: the session takes it, so every screen follows the new mode and pick. */
export function useUpdateAppMode(userId: string) {
  return useMutation({
    mutationFn: (body: AppModeBody) => updateAppMode(userId, body),
    onSuccess: (member) => sessionStore.updateTenantMember(member),
  });
}
