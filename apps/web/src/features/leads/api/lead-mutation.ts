import type { TenantLead } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadQueryOptions } from './get-lead.ts';
import { leadsKey } from './lead-keys.ts';

/**
 * A change to one lead: the answer replaces the cached lead at once, and every lead query refetches (the list, its
 * charts, the lead's parts, and the lead itself: not every answer carries its newest notes).
 */
export function useLeadMutation<B>(tenantId: string, id: string, send: (body: B) => Promise<TenantLead>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadQueryOptions(tenantId, id).queryKey, lead);
      void queryClient.invalidateQueries({ queryKey: leadsKey(tenantId) });
    },
  });
}
