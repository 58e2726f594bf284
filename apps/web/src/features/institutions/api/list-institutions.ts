import { institution, listOf, type InstitutionListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

export const institutionsPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/institutions`;
export const institutionPath = (tenantId: string, id: string) => `${institutionsPath(tenantId)}/${encodeURIComponent(id)}`;

/** Every institution query of a tenant starts with this key (the picker's and the offer form's too), so one invalidation refreshes them all. */
export const institutionsKey = (tenantId: string) => ['tenant-institutions', tenantId] as const;

/** GET tenant/{t}/institutions: searched, filtered, sorted and paginated on the server. */
export function listInstitutions(tenantId: string, q: InstitutionListQuery, signal?: AbortSignal) {
  return apiRequest(`${institutionsPath(tenantId)}${toSearch(q)}`, { schema: listOf(institution), signal });
}

export const institutionsQueryOptions = (tenantId: string, q: InstitutionListQuery = {}) =>
  queryOptions({
    queryKey: [...institutionsKey(tenantId), 'list', q],
    queryFn: ({ signal }) => listInstitutions(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useInstitutions(tenantId: string, q: InstitutionListQuery) {
  return useQuery(institutionsQueryOptions(tenantId, q));
}
