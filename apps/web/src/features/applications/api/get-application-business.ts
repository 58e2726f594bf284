import { business, type Business } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicationQueryOptions } from './get-application.ts';

/** The business an application is for, with its owners (404 when the application has none). */
export function getApplicationBusiness(id: string, signal?: AbortSignal): Promise<Business> {
  return api.get(`/application/${encodeURIComponent(id)}/business`, business, signal);
}

export const applicationBusinessQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...applicationQueryOptions(id).queryKey, 'business'],
    queryFn: ({ signal }) => getApplicationBusiness(id, signal),
  });

/** Asks only when the application names a business, so the 404 of an individual's application is never requested. */
export function useApplicationBusiness(id: string, hasBusiness: boolean) {
  return useQuery({ ...applicationBusinessQueryOptions(id), enabled: hasBusiness });
}
