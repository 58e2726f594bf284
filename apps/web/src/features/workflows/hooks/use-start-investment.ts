import type { Workflow } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useSnackbar } from '../../../lib/toast.tsx';
import { listWorkflows } from '../../investments/index.ts';
import { createWorkflow, workflowsKey } from '../api/create-workflow.ts';
import { workflowQueryOptions } from '../api/get-workflow.ts';
import { WORKFLOW_CREATE_FAILED_TOAST, WORKFLOW_CREATED_TOAST } from '../components/workflow-toasts.ts';

export const workflowScreenPath = (id: string) => `/investor/workflow/${encodeURIComponent(id)}`;

/** The investor's open investment in an offer, else a new one: a second 'Invest Now' continues the first. */
async function openOrCreate(tenantId: string, offer: string): Promise<{ id: string; created: Workflow | null }> {
  const open = await listWorkflows(tenantId, { type: 'investment', status: 'in-progress', offer, page: 1, limit: 1 });
  const existing = open.data[0];
  if (existing) return { id: existing._id, created: null };
  const created = await createWorkflow(tenantId, { type: 'investment', config: { offer } });
  return { id: created._id, created };
}

/** The failure toast: 002 §8's text, with the server's reason when it gave one ('Lead must have a tenant member'). */
function failureText(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.message
    ? `${WORKFLOW_CREATE_FAILED_TOAST}: ${error.message}`
    : WORKFLOW_CREATE_FAILED_TOAST;
}

/**
 * 'Invest Now' for a signed-in investor (issue #20): opens their in-progress investment workflow for the offer, or
 * creates one (the server fills the name and the default amount, 001 §9) and opens it at /investor/workflow/{id}.
 */
export function useStartInvestment() {
  const { tenantId } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useMutation({
    mutationFn: (offer: string) => openOrCreate(tenantId ?? '', offer),
    onSuccess: ({ id, created }) => {
      if (created) {
        queryClient.setQueryData(workflowQueryOptions(tenantId ?? '', id).queryKey, created);
        void queryClient.invalidateQueries({ queryKey: workflowsKey(tenantId ?? '') });
        enqueueSnackbar(WORKFLOW_CREATED_TOAST, { variant: 'success' });
      }
      void navigate(workflowScreenPath(id));
    },
    onError: (error) => enqueueSnackbar(failureText(error), { variant: 'error' }),
  });
  return { start: mutation.mutate, pending: mutation.isPending ? mutation.variables : null };
}
