import { workflow, type UpdateWorkflowBody, type Workflow } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './create-workflow.ts';
import { workflowPath, workflowQueryOptions } from './get-workflow.ts';

/** PUT tenant/{t}/workflows/{id}: the name and description. */
export function updateWorkflow(tenantId: string, id: string, body: UpdateWorkflowBody): Promise<Workflow> {
  return api.put(workflowPath(tenantId, id), body, workflow);
}

export function useUpdateWorkflow(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkflowBody) => updateWorkflow(tenantId, id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(workflowQueryOptions(tenantId, id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: workflowsKey(tenantId) });
    },
  });
}
