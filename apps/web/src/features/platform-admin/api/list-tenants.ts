import { adminTenant, listOf, type AdminTenantQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

type TenantListQuery = Partial<AdminTenantQuery>;

export function listTenants(q: TenantListQuery, signal?: AbortSignal) {
  return apiRequest(`/tenant${toSearch(q)}`, { schema: listOf(adminTenant), signal });
}

export const tenantsQueryOptions = (q: TenantListQuery = {}) =>
  queryOptions({
    queryKey: ['platform-admin', 'tenants', q],
    queryFn: ({ signal }) => listTenants(q, signal),
    placeholderData: keepPreviousData,
  });

export function useTenants(q: TenantListQuery) {
  return useQuery(tenantsQueryOptions(q));
}
