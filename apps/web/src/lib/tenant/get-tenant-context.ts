import { appType, APP_TYPE_HEADER, TENANT_ID_HEADER, TENANT_SLUG_HEADER, type AppType } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiHead } from '../api-client.ts';

export interface TenantContext {
  tenantId: string | null;
  tenantSlug: string | null;
  appType: AppType;
}

/** §1: the tenant is named by headers on the answer to a HEAD of the current page. */
export async function getTenantContext(): Promise<TenantContext> {
  const headers = await apiHead(window.location.href);
  return {
    tenantId: headers.get(TENANT_ID_HEADER) || null,
    tenantSlug: headers.get(TENANT_SLUG_HEADER) || null,
    appType: appType.catch('platform').parse(headers.get(APP_TYPE_HEADER)),
  };
}

export const tenantContextQueryOptions = () =>
  queryOptions({ queryKey: ['tenant', 'context'], queryFn: getTenantContext, staleTime: Infinity, retry: 1 });

export function useTenantContext() {
  return useQuery(tenantContextQueryOptions());
}
