import { adminApplicationItem, listOf, type ApplicationListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

/** The reviewers' list: every application of the tenant, with its applicant (the server answers 403 to anyone else). */
type TenantApplicationsQuery = Omit<Partial<ApplicationListQuery>, 'scope'>;

export function listTenantApplications(q: TenantApplicationsQuery, signal?: AbortSignal) {
  return apiRequest(`/application${toSearch({ scope: 'tenant', ...q })}`, { schema: listOf(adminApplicationItem), signal });
}

/** Every query of the reviewers' list starts with this key; a review refreshes it. */
export const tenantApplicationsKey = ['tenant-applications'] as const;

export const tenantApplicationsQueryOptions = (q: TenantApplicationsQuery) =>
  queryOptions({
    queryKey: [...tenantApplicationsKey, q],
    queryFn: ({ signal }) => listTenantApplications(q, signal),
    placeholderData: keepPreviousData,
  });

export function useTenantApplications(q: TenantApplicationsQuery, enabled = true) {
  return useQuery({ ...tenantApplicationsQueryOptions(q), enabled });
}
