import { tenantLead, type LeadCreateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { leadsKey, leadsPath } from './lead-keys.ts';

export function createLead(tenantId: string, body: LeadCreateBody) {
  return api.post(leadsPath(tenantId), body, tenantLead);
}

/** A new lead changes the list and its charts (and the dashboard's Leads card, which reads the dashboard query). */
export function useCreateLead(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadCreateBody) => createLead(tenantId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadsKey(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ['tenant-institutions', tenantId, 'dashboard'] }),
      ]),
  });
}
