import type { Workflow } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { listWorkflows } from '../../investments/index.ts';
import { WORKFLOW_CREATE_FAILED_TOAST } from '../components/workflow-toasts.ts';
import { createWorkflow, workflowsKey } from './create-workflow.ts';
import { workflowQueryOptions } from './get-workflow.ts';

export { WORKFLOW_CREATED_TOAST } from '../components/workflow-toasts.ts';

export const workflowScreenPath = (id: string) => `/investor/workflow/${encodeURIComponent(id)}`;

/**
 * 'Invest Now' for a signed-in investor (issue #20): their in-progress investment workflow for the offer (GET
 * workflows?offer&status=in-progress&type=investment), else a new one (POST workflows; the server fills the name and
 * the default amount, 001 §9). `created` is the new workflow, cached for the screen that opens it; null when an open
 * one was found.
 */
export async function openInvestmentWorkflow(
  tenantId: string,
  offer: string,
  queryClient: QueryClient,
): Promise<{ id: string; created: Workflow | null }> {
  const open = await listWorkflows(tenantId, { type: 'investment', status: 'in-progress', offer, page: 1, limit: 1 });
  const existing = open.data[0];
  if (existing) return { id: existing._id, created: null };
  const created = await createWorkflow(tenantId, { type: 'investment', config: { offer } });
  queryClient.setQueryData(workflowQueryOptions(tenantId, created._id).queryKey, created);
  void queryClient.invalidateQueries({ queryKey: workflowsKey(tenantId) });
  return { id: created._id, created };
}

/** The failure toast: 002 §8's 'Failed to create workflow', with the server's reason when it gave one. */
export function investmentFailureText(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.message
    ? `${WORKFLOW_CREATE_FAILED_TOAST}: ${error.message}`
    : WORKFLOW_CREATE_FAILED_TOAST;
}
