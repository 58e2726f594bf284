import { adminApplicationItem, listOf, type AdminApplicationQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

type AdminApplicationListQuery = Partial<AdminApplicationQuery>;

export function listApplications(q: AdminApplicationListQuery, signal?: AbortSignal) {
  return apiRequest(`/admin/application${toSearch(q)}`, { schema: listOf(adminApplicationItem), signal });
}

export const adminApplicationsQueryOptions = (q: AdminApplicationListQuery = {}) =>
  queryOptions({
    queryKey: ['platform-admin', 'applications', q],
    queryFn: ({ signal }) => listApplications(q, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminApplications(q: AdminApplicationListQuery) {
  return useQuery(adminApplicationsQueryOptions(q));
}
