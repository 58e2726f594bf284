import { useSession } from './use-session.ts';

/** Owners of this tenant and platform admins run its admin area (the server checks the same on every call). */
export function useIsTenantOwner(): boolean {
  const { user, tenantMember } = useSession();
  if (user?.role === 'admin') return true;
  return tenantMember?.rbac.role === 'owner' && tenantMember.membershipStatus === 'active';
}
