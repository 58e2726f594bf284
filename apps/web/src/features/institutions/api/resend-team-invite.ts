import { teamMember } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { teamPath } from './list-team.ts';
import { useTeamMutation } from './team-mutation.ts';

/** POST …/team/{memberId}/resend-invite (only while invited). */
export function resendTeamInvite(tenantId: string, institutionId: string, memberId: string) {
  return api.post(`${teamPath(tenantId, institutionId)}/${encodeURIComponent(memberId)}/resend-invite`, undefined, teamMember);
}

export function useResendTeamInvite(tenantId: string, institutionId: string) {
  return useTeamMutation(tenantId, institutionId, (memberId: string) => resendTeamInvite(tenantId, institutionId, memberId));
}
