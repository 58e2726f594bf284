import { tenantMemberAdmin, type MemberAccessBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { membersPath } from './list-members.ts';
import { useMemberMutation } from './member-mutation.ts';

export function updateMemberAccess(tenantId: string, id: string, body: MemberAccessBody) {
  return api.put(`${membersPath(tenantId)}/${encodeURIComponent(id)}/access`, body, tenantMemberAdmin);
}

export function useUpdateMemberAccess(tenantId: string, id: string) {
  return useMemberMutation(tenantId, id, (body: MemberAccessBody) => updateMemberAccess(tenantId, id, body));
}
