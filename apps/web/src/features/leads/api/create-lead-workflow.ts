import { workflow, type LeadWorkflowCreateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from '../../workflows/index.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

/** POST …/{id}/workflows: 400 'Lead must have a tenant member' while the lead has no active membership. */
export function createLeadWorkflow(tenantId: string, id: string, body: LeadWorkflowCreateBody) {
  return api.post(`${leadPath(tenantId, id)}/workflows`, body, workflow);
}

/** The lead's workflows, the lead (its count) and activity refetch, and so do the tenant's workflow lists. */
export function useCreateLeadWorkflow(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadWorkflowCreateBody) => createLeadWorkflow(tenantId, id, body),
    onSuccess: () =>
      Promise.all([
        ...(['workflows', 'one', 'events'] as const).map((part) =>
          queryClient.invalidateQueries({ queryKey: leadPartKey(tenantId, part, id) }),
        ),
        queryClient.invalidateQueries({ queryKey: workflowsKey(tenantId) }),
      ]),
  });
}
