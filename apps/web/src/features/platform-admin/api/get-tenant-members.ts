import { adminTenantMember, listOf, type PageQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tenantQueryOptions } from './get-tenant.ts';
import { toSearch } from '../../../lib/list-params.ts';

type TenantMembersQuery = PageQuery & { search?: string };

export function getTenantMembers(id: string, q: TenantMembersQuery, signal?: AbortSignal) {
  return apiRequest(`/admin/tenant/${encodeURIComponent(id)}/members${toSearch(q)}`, { schema: listOf(adminTenantMember), signal });
}

export const tenantMembersQueryOptions = (id: string, q: TenantMembersQuery) =>
  queryOptions({
    queryKey: [...tenantQueryOptions(id).queryKey, 'members', q],
    queryFn: ({ signal }) => getTenantMembers(id, q, signal),
    placeholderData: keepPreviousData,
  });

export function useTenantMembers(id: string, q: TenantMembersQuery) {
  return useQuery(tenantMembersQueryOptions(id, q));
}
