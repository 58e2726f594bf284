import { teamMember, type InstitutionTeamRole } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { teamPath } from './list-team.ts';
import { useTeamMutation } from './team-mutation.ts';

/** PUT …/team/{memberId}/role. */
export function updateTeamRole(tenantId: string, institutionId: string, memberId: string, role: InstitutionTeamRole) {
  return api.put(`${teamPath(tenantId, institutionId)}/${encodeURIComponent(memberId)}/role`, { role }, teamMember);
}

export function useUpdateTeamRole(tenantId: string, institutionId: string) {
  return useTeamMutation(tenantId, institutionId, ({ memberId, role }: { memberId: string; role: InstitutionTeamRole }) =>
    updateTeamRole(tenantId, institutionId, memberId, role),
  );
}
