import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './create-workflow.ts';
import { workflowPath, workflowQueryOptions } from './get-workflow.ts';

/** DELETE tenant/{t}/workflows/{id}. */
export function deleteWorkflow(tenantId: string, id: string): Promise<void> {
  return api.remove(workflowPath(tenantId, id));
}

export function useDeleteWorkflow(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWorkflow(tenantId, id),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: workflowQueryOptions(tenantId, id).queryKey });
      void queryClient.invalidateQueries({ queryKey: workflowsKey(tenantId) });
    },
  });
}
