import { tenantMemberAdmin } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { membersPath } from './list-members.ts';
import { useMemberMutation } from './member-mutation.ts';

export function resendInvite(tenantId: string, id: string) {
  return api.post(`${membersPath(tenantId)}/${encodeURIComponent(id)}/resend-invite`, {}, tenantMemberAdmin);
}

export function useResendInvite(tenantId: string, id: string) {
  return useMemberMutation(tenantId, id, () => resendInvite(tenantId, id));
}
