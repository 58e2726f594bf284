import { tenantMemberAdmin, type MemberInviteBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { membersKey, membersPath } from './list-members.ts';

export function inviteMember(tenantId: string, body: MemberInviteBody) {
  return api.post(membersPath(tenantId), body, tenantMemberAdmin);
}

export function useInviteMember(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberInviteBody) => inviteMember(tenantId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: membersKey(tenantId) }),
  });
}
