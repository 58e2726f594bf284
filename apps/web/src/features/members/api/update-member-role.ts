import { tenantMemberAdmin, type MemberRoleBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { membersPath } from './list-members.ts';
import { useMemberMutation } from './member-mutation.ts';

export function updateMemberRole(tenantId: string, id: string, body: MemberRoleBody) {
  return api.put(`${membersPath(tenantId)}/${encodeURIComponent(id)}/role`, body, tenantMemberAdmin);
}

export function useUpdateMemberRole(tenantId: string, id: string) {
  return useMemberMutation(tenantId, id, (body: MemberRoleBody) => updateMemberRole(tenantId, id, body));
}
