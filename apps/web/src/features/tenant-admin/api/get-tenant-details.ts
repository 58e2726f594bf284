import { tenantDetails, type TenantDetails } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getTenantDetails(id: string, signal?: AbortSignal): Promise<TenantDetails> {
  return api.get(`/tenant/${encodeURIComponent(id)}/details`, tenantDetails, signal);
}

export const tenantDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tenant-admin', id, 'details'], queryFn: ({ signal }) => getTenantDetails(id, signal) });

export function useTenantDetails(id: string) {
  return useQuery(tenantDetailsQueryOptions(id));
}
