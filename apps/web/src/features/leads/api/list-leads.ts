import { listOf, tenantLeadRow, type LeadListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

export const leadsPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/leads`;
export const leadPath = (tenantId: string, id: string) => `${leadsPath(tenantId)}/${encodeURIComponent(id)}`;

export function listLeads(tenantId: string, q: LeadListQuery, signal?: AbortSignal) {
  return apiRequest(`${leadsPath(tenantId)}${toSearch(q)}`, { schema: listOf(tenantLeadRow), signal });
}

/**
 * Every lead query of a tenant starts with this key (lists, stats, a lead and its notes, events, workflows and
 * documents), so one invalidation refreshes the list, its charts and the detail page.
 */
export const leadsKey = (tenantId: string) => ['tenant-leads', tenantId] as const;

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
