import { adminTenant } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getTenant(id: string, signal?: AbortSignal) {
  return api.get(`/tenant/${encodeURIComponent(id)}`, adminTenant, signal);
}

export const tenantQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['platform-admin', 'tenant', id], queryFn: ({ signal }) => getTenant(id, signal) });

export function useTenant(id: string) {
  return useQuery(tenantQueryOptions(id));
}
