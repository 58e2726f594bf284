import { TENANT_BOOTSTRAP_ID, tenantBootstrap, type TenantBootstrap } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import { tenantContextQueryOptions } from './get-tenant-context.ts';
import { tenantPublicQueryOptions } from './get-tenant-public.ts';

/**
 * The tenant the API wrote into the page it served (apps/api static-web.ts). Null where nothing was written
 * (`vite dev` serves the page itself) or it does not parse: the app then asks with a HEAD and a fetch.
 */
export function readTenantBootstrap(doc: Document = document): TenantBootstrap | null {
  const text = doc.getElementById(TENANT_BOOTSTRAP_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = tenantBootstrap.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Puts the page's tenant where `useTenant` reads it, so the first render already has its branding. */
export function seedTenantBootstrap(queryClient: QueryClient, doc: Document = document): boolean {
  const bootstrap = readTenantBootstrap(doc);
  if (!bootstrap) return false;
  const { tenantId, tenantSlug, appType, tenant } = bootstrap;
  queryClient.setQueryData(tenantContextQueryOptions().queryKey, { tenantId, tenantSlug, appType });
  const idOrSlug = tenantSlug ?? tenantId;
  if (tenant && idOrSlug) queryClient.setQueryData(tenantPublicQueryOptions(idOrSlug).queryKey, tenant);
  return true;
}
