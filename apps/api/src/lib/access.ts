import type { Permission, TenantRole } from '@tessera/domain';

/**
 * Who may call a route, declared on every route under /api/v1 (`config.access`):
 * - 'public': anyone, signed in or not;
 * - 'signed-in': any active member of the host's tenant;
 * - 'platform-admin': users with the admin role;
 * - { roles }: members whose tenant role is listed; { permission }: members whose attribute is exactly true.
 * Platform admins pass role and permission checks.
 */
export type Access = 'public' | 'signed-in' | 'platform-admin' | { roles: readonly TenantRole[] } | { permission: Permission };

export function describeAccess(access: Access): string {
  if (access === 'public') return 'Open to anyone.';
  if (access === 'signed-in') return 'Any signed-in member of this tenant.';
  if (access === 'platform-admin') return 'Platform admins only.';
  if ('roles' in access) return `Tenant roles: ${access.roles.join(', ')} (and platform admins).`;
  return `Members with the ${access.permission} permission (and platform admins).`;
}
