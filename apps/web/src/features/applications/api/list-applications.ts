import { applicationSummary, listOf, type ApplicationListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

export function listApplications(q: Partial<ApplicationListQuery>, signal?: AbortSignal) {
  return apiRequest(`/application${toSearch(q)}`, { schema: listOf(applicationSummary), signal });
}

/** Every query of the investor's own applications starts with this key. */
export const myApplicationsKey = ['my-applications'] as const;

export const applicationsQueryOptions = (q: Partial<ApplicationListQuery>) =>
  queryOptions({
    queryKey: [...myApplicationsKey, q],
    queryFn: ({ signal }) => listApplications(q, signal),
    placeholderData: keepPreviousData,
  });

export function useApplications(q: Partial<ApplicationListQuery>) {
  return useQuery(applicationsQueryOptions(q));
}
