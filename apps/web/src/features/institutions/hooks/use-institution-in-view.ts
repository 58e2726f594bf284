import { useInstitution } from '../../raise/index.ts';
import { useRaiseArea } from '../../../lib/use-raise-area.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';

/**
 * The institution a settings tab works on: the one in the address (tenant marketplace) or the picked one
 * (institution area). The query is shared with the page header, so the tabs do not fetch it again.
 */
export function useInstitutionInView() {
  const { tenantId } = useTenant();
  const { institutionId, area } = useRaiseArea();
  const query = useInstitution(tenantId ?? '', institutionId);
  return { tenantId: tenantId ?? '', institutionId: institutionId ?? '', area, query };
}
