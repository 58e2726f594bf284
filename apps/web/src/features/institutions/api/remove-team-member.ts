import { api } from '../../../lib/api-client.ts';
import { teamPath } from './list-team.ts';
import { useTeamMutation } from './team-mutation.ts';

/** DELETE …/team/{memberId}: irreversible. */
export function removeTeamMember(tenantId: string, institutionId: string, memberId: string) {
  return api.remove(`${teamPath(tenantId, institutionId)}/${encodeURIComponent(memberId)}`);
}

export function useRemoveTeamMember(tenantId: string, institutionId: string) {
  return useTeamMutation(tenantId, institutionId, (memberId: string) => removeTeamMember(tenantId, institutionId, memberId));
}
