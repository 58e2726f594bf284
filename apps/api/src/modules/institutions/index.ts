// The public face of the institutions module, owner of `institutions` and `role_assignments`: the access rules other
// modules apply to an institution, and the one way to write a role assignment.
export {
  canUseRaiseMode,
  isOnAnyInstitutionTeam,
  isTenantOwner,
  OWNERS_ONLY_NOTE,
  RAISE_MODE_NOTE,
  requireInstitution,
  requireEditor,
  requireRaiseMode,
  requireTenantOwner,
  teamTenantsOfUserUnscoped,
  type InstitutionAccess,
  type InstitutionReader,
} from './institution-access.ts';
export {
  deleteRoleAssignment,
  insertRoleAssignment,
  listTeamEmails,
  listTeammateIds,
  unexpiredAssignment,
  updateRoleAssignment,
} from './institutions.repository.ts';
