import { tenantPublic, type TenantPublic } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

export function getTenantPublic(idOrSlug: string, signal?: AbortSignal): Promise<TenantPublic> {
  return api.get(`/tenant/${encodeURIComponent(idOrSlug)}/public`, tenantPublic, signal);
}

export const tenantPublicQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['tenant', 'public', idOrSlug],
    queryFn: ({ signal }) => getTenantPublic(idOrSlug, signal),
    staleTime: Infinity,
    retry: 1,
  });

export function useTenantPublic(idOrSlug: string | null) {
  return useQuery({ ...tenantPublicQueryOptions(idOrSlug ?? ''), enabled: idOrSlug !== null });
}
