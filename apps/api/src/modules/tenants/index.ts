// The public face of the tenants module, owner of the `tenants` and `tenant_members` tables: other modules read and
// write memberships only through these functions (each takes the caller's db or transaction).
export {
  DEFAULT_ATTRIBUTES,
  deleteMemberRow,
  findMember,
  insertMember,
  toTenantMember,
  toTenantMemberAdmin,
  updateMember,
  type NewMember,
} from './tenant-members.repository.ts';
export {
  deleteTenantUnscoped,
  findTenantById,
  findTenantBySlug,
  insertTenantUnscoped,
  toTenantPublic,
  updateTenant,
} from './tenants.repository.ts';
