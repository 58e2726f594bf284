import { listOf, workflowSummary, type WorkflowListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

type Query = Partial<WorkflowListQuery>;

export const workflowsPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/workflows`;

/** The caller's own workflows in the tenant, newest first. */
export function listWorkflows(tenantId: string, q: Query, signal?: AbortSignal) {
  return apiRequest(`${workflowsPath(tenantId)}${toSearch(q)}`, { schema: listOf(workflowSummary), signal });
}

export const workflowsQueryOptions = (tenantId: string, q: Query = {}) =>
  queryOptions({
    queryKey: ['workflows', tenantId, 'list', q],
    queryFn: ({ signal }) => listWorkflows(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useWorkflows(tenantId: string, q: Query) {
  return useQuery(workflowsQueryOptions(tenantId, q));
}
