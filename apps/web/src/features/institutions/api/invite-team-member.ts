import { teamMember, type TeamInviteBody } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { teamPath } from './list-team.ts';
import { useTeamMutation } from './team-mutation.ts';

/** POST …/team/invite. */
export function inviteTeamMember(tenantId: string, institutionId: string, body: TeamInviteBody) {
  return api.post(`${teamPath(tenantId, institutionId)}/invite`, body, teamMember);
}

export function useInviteTeamMember(tenantId: string, institutionId: string) {
  return useTeamMutation(tenantId, institutionId, (body: TeamInviteBody) => inviteTeamMember(tenantId, institutionId, body));
}
