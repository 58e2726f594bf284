import { useIsTenantOwner } from '../../../lib/session/use-is-tenant-owner.ts';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';

/** §6: approval and marketplace visibility are for the tenant's owners: the tenant area, or an owner in the institution area. */
export function useCanApproveOffers(): boolean {
  const isOwner = useIsTenantOwner();
  const { area } = useRaiseArea();
  return area === 'tenant' || isOwner;
}
