import { workflowTemplates, type WorkflowTemplate, type WorkflowType } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getWorkflowTemplates(tenantId: string, signal?: AbortSignal): Promise<Partial<Record<WorkflowType, WorkflowTemplate>>> {
  return api.get(`/tenant/${encodeURIComponent(tenantId)}/workflows/templates`, workflowTemplates, signal);
}

export const workflowTemplatesQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['workflows', tenantId, 'templates'],
    queryFn: ({ signal }) => getWorkflowTemplates(tenantId, signal),
    staleTime: Infinity,
  });

export function useWorkflowTemplates(tenantId: string) {
  return useQuery({ ...workflowTemplatesQueryOptions(tenantId), enabled: tenantId !== '' });
}
