import { tenantMemberAdmin, type MemberDetailsBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { membersPath } from './list-members.ts';
import { useMemberMutation } from './member-mutation.ts';

export function updateMemberDetails(tenantId: string, id: string, body: MemberDetailsBody) {
  return api.put(`${membersPath(tenantId)}/${encodeURIComponent(id)}/details`, body, tenantMemberAdmin);
}

export function useUpdateMemberDetails(tenantId: string, id: string) {
  return useMemberMutation(tenantId, id, (body: MemberDetailsBody) => updateMemberDetails(tenantId, id, body));
}
