import { DEFAULT_BRANDING } from '@tessera/domain';
import { useTenantContext } from './get-tenant-context.ts';
import { useTenantPublic } from './get-tenant-public.ts';

const PRODUCT_NAME = 'Tessera';

/**
 * The current tenant (§1). Without headers or public data the app runs on the default
 * branding with the product's own name and logos.
 */
export function useTenant() {
  const context = useTenantContext();
  const tenantSlug = context.data?.tenantSlug ?? null;
  const idOrSlug = tenantSlug ?? context.data?.tenantId ?? null;
  const publicData = useTenantPublic(idOrSlug);
  const tenant = publicData.data ?? null;
  return {
    tenant,
    tenantId: context.data?.tenantId ?? tenant?._id ?? null,
    tenantSlug,
    appType: context.data?.appType ?? 'platform',
    name: tenant?.name ?? PRODUCT_NAME,
    branding: tenant?.branding ?? DEFAULT_BRANDING,
    isLoading: context.isPending || (idOrSlug !== null && publicData.isPending),
  };
}
