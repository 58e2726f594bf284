import { workflow, type CreateWorkflowBody, type Workflow } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowQueryOptions } from './get-workflow.ts';

export const workflowsKey = (tenantId: string) => ['workflows', tenantId] as const;

/** POST tenant/{t}/workflows: a new workflow ('Invest Now' sends the offer; the server fills the name and amount). */
export function createWorkflow(tenantId: string, body: CreateWorkflowBody): Promise<Workflow> {
  return api.post(`/tenant/${encodeURIComponent(tenantId)}/workflows`, body, workflow);
}

export function useCreateWorkflow(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWorkflowBody) => createWorkflow(tenantId, body),
    onSuccess: (created) => {
      queryClient.setQueryData(workflowQueryOptions(tenantId, created._id).queryKey, created);
      void queryClient.invalidateQueries({ queryKey: workflowsKey(tenantId) });
    },
  });
}
