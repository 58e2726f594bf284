import { listOf, workflow } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

/** GET …/{id}/workflows: the lead's workflows, newest first. */
export function listLeadWorkflows(tenantId: string, id: string, signal?: AbortSignal) {
  return apiRequest(`${leadPath(tenantId, id)}/workflows`, { schema: listOf(workflow), signal });
}

export const leadWorkflowsQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: leadPartKey(tenantId, 'workflows', id),
    queryFn: ({ signal }) => listLeadWorkflows(tenantId, id, signal),
    enabled: tenantId !== '' && id !== '',
  });

export function useLeadWorkflows(tenantId: string, id: string) {
  return useQuery(leadWorkflowsQueryOptions(tenantId, id));
}
