import { tenantMember, type MemberPreferencesBody, type TenantMember } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { syncSession } from '../session-sync.ts';

/** 'Set as default': the preferences stored on the membership of this tenant. */
export function updateMemberPreferences(userId: string, body: MemberPreferencesBody): Promise<TenantMember> {
  return api.put(`/user/${encodeURIComponent(userId)}/tenant-member/preferences`, body, tenantMember);
}

export function useUpdateMemberPreferences(userId: string) {
  return useMutation({
    mutationFn: (body: MemberPreferencesBody) => updateMemberPreferences(userId, body),
    onSuccess: (member) => syncSession({ tenantMember: member }),
  });
}
