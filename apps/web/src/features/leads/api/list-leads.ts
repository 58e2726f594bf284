import { listOf, tenantLeadRow, type LeadListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { leadsKey, leadsPath } from './lead-keys.ts';

export function listLeads(tenantId: string, q: LeadListQuery, signal?: AbortSignal) {
  return apiRequest(`${leadsPath(tenantId)}${toSearch(q)}`, { schema: listOf(tenantLeadRow), signal });
}

export const leadsQueryOptions = (tenantId: string, q: LeadListQuery) =>
  queryOptions({
    queryKey: [...leadsKey(tenantId), 'list', q],
    queryFn: ({ signal }) => listLeads(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '' && q.institution !== '',
  });

export function useLeads(tenantId: string, q: LeadListQuery) {
  return useQuery(leadsQueryOptions(tenantId, q));
}
