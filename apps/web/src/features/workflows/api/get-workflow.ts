import { workflow, type Workflow } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const workflowPath = (tenantId: string, id: string) => `/tenant/${encodeURIComponent(tenantId)}/workflows/${encodeURIComponent(id)}`;

export function getWorkflow(tenantId: string, id: string, signal?: AbortSignal): Promise<Workflow> {
  return api.get(workflowPath(tenantId, id), workflow, signal);
}

export const workflowQueryOptions = (tenantId: string, id: string) =>
  queryOptions({ queryKey: ['workflows', tenantId, 'one', id], queryFn: ({ signal }) => getWorkflow(tenantId, id, signal) });

export function useWorkflow(tenantId: string, id: string | null | undefined) {
  return useQuery({ ...workflowQueryOptions(tenantId, id ?? ''), enabled: Boolean(id) && tenantId !== '' });
}
