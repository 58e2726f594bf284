import { tenantMemberAdmin, type MemberStatusBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { membersPath } from './list-members.ts';
import { useMemberMutation } from './member-mutation.ts';

export function updateMemberStatus(tenantId: string, id: string, body: MemberStatusBody) {
  return api.put(`${membersPath(tenantId)}/${encodeURIComponent(id)}/membership-status`, body, tenantMemberAdmin);
}

export function useUpdateMemberStatus(tenantId: string, id: string) {
  return useMemberMutation(tenantId, id, (body: MemberStatusBody) => updateMemberStatus(tenantId, id, body));
}
