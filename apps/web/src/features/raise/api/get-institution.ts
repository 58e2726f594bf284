import { institution, institutionApiPath } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

/** GET tenant/{t}/institutions/{id}: the institution in view (the picked one in Raise mode). */
export function getInstitution(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(institutionApiPath(tenantId, id), institution, signal);
}

export const institutionQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: ['tenant-institutions', tenantId, 'detail', id],
    queryFn: ({ signal }) => getInstitution(tenantId, id, signal),
    enabled: tenantId !== '' && id !== '',
    // A 404 (deleted, or no longer on the team) will not change by asking again.
    retry: (count, error) => count < 2 && !(error instanceof ApiError && (error.status === 404 || error.status === 403)),
  });

export function useInstitution(tenantId: string, id: string | null) {
  return useQuery(institutionQueryOptions(tenantId, id ?? ''));
}
