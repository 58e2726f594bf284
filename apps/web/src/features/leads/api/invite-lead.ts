import { tenantLead } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { leadPath } from './lead-keys.ts';
import { useLeadMutation } from './lead-mutation.ts';

/** POST …/{id}/invite: invites the lead to the tenant as a member, or sends the invitation again. */
export function inviteLead(tenantId: string, id: string) {
  return api.post(`${leadPath(tenantId, id)}/invite`, {}, tenantLead);
}

export function useInviteLead(tenantId: string, id: string) {
  return useLeadMutation(tenantId, id, () => inviteLead(tenantId, id));
}
