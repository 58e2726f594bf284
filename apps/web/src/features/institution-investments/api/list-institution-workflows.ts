import { listOf, workflowSummary, type WorkflowListQuery, type WorkflowStatus } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

/** The institution's view of the list: every workflow for its offers, whoever owns it (Raise mode). */
export interface InstitutionWorkflowsQuery {
  institution: string;
  page: number;
  limit: number;
  status?: WorkflowStatus;
  offer?: string;
  owner?: string;
}

/** GET tenant/{t}/workflows?institution=…: the institution's workflows, newest first, a page at a time. */
export function listInstitutionWorkflows(tenantId: string, q: InstitutionWorkflowsQuery, signal?: AbortSignal) {
  const query: Partial<WorkflowListQuery> = q;
  return apiRequest(`/tenant/${encodeURIComponent(tenantId)}/workflows${toSearch(query)}`, { schema: listOf(workflowSummary), signal });
}

/** Under ['workflows', tenant, 'list'], so a step move or a new workflow refreshes the institution's list too. */
export const institutionWorkflowsQueryOptions = (tenantId: string, q: InstitutionWorkflowsQuery) =>
  queryOptions({
    queryKey: ['workflows', tenantId, 'list', q],
    queryFn: ({ signal }) => listInstitutionWorkflows(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '' && q.institution !== '',
  });

export function useInstitutionWorkflows(tenantId: string, q: InstitutionWorkflowsQuery) {
  return useQuery(institutionWorkflowsQueryOptions(tenantId, q));
}
