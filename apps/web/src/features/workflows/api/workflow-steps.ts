import { workflow, type Workflow } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './create-workflow.ts';
import { workflowPath, workflowQueryOptions } from './get-workflow.ts';

/** What each step call does (002 §7): update saves part of the data, complete validates it all and moves on. */
export type StepAction = 'update' | 'complete' | 'skip' | 'reset';

const stepPath = (tenantId: string, id: string, stepKey: string, action: StepAction) =>
  `${workflowPath(tenantId, id)}/steps/${encodeURIComponent(stepKey)}${action === 'update' ? '' : `/${action}`}`;

/** PUT tenant/{t}/workflows/{id}/steps/{key}[/skip|/reset|/complete]; the server answers the whole workflow. */
export function moveWorkflowStep(
  tenantId: string,
  id: string,
  stepKey: string,
  action: StepAction,
  data?: Record<string, unknown>,
): Promise<Workflow> {
  const body = action === 'update' || action === 'complete' ? { data: data ?? {} } : {};
  return api.put(stepPath(tenantId, id, stepKey, action), body, workflow);
}

export interface StepMoveInput {
  stepKey: string;
  action: StepAction;
  data?: Record<string, unknown>;
}

/** One hook for the four step calls: each answers the workflow, which replaces the cached one. */
export function useWorkflowStep(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stepKey, action, data }: StepMoveInput) => moveWorkflowStep(tenantId, id, stepKey, action, data),
    onSuccess: (moved) => {
      queryClient.setQueryData(workflowQueryOptions(tenantId, id).queryKey, moved);
      void queryClient.invalidateQueries({ queryKey: [...workflowsKey(tenantId), 'list'] });
    },
  });
}
