import { business, type Business } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessesKey } from './list-businesses.ts';

export function getBusiness(id: string, signal?: AbortSignal): Promise<Business> {
  return api.get(`/business/${encodeURIComponent(id)}`, business, signal);
}

export const businessQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...businessesKey, 'one', id], queryFn: ({ signal }) => getBusiness(id, signal) });

export function useBusiness(id: string | null) {
  return useQuery({ ...businessQueryOptions(id ?? ''), enabled: Boolean(id) });
}
