import { business, listOf } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The business select shows every business of the caller's on one screen; 100 is the page maximum. */
const BUSINESS_SELECT_LIMIT = 100;

export function listBusinesses(signal?: AbortSignal) {
  return apiRequest(`/business?limit=${BUSINESS_SELECT_LIMIT}`, { schema: listOf(business), signal });
}

/** Every query of the caller's businesses starts with this key. */
export const businessesKey = ['business'] as const;

export const businessesQueryOptions = () =>
  queryOptions({ queryKey: [...businessesKey, 'list'], queryFn: ({ signal }) => listBusinesses(signal) });

export function useBusinesses() {
  return useQuery(businessesQueryOptions());
}
