import { application, type Application } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getApplication(id: string, signal?: AbortSignal): Promise<Application> {
  return api.get(`/application/${encodeURIComponent(id)}`, application, signal);
}

export const applicationQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['application', id], queryFn: ({ signal }) => getApplication(id, signal) });

export function useApplication(id: string | null | undefined) {
  return useQuery({ ...applicationQueryOptions(id ?? ''), enabled: Boolean(id) });
}
