import type { TenantLead } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadQueryOptions } from './get-lead.ts';
import { leadsKey } from './lead-keys.ts';

/** A change to one lead: the answer replaces the cached lead, and the list, its charts and the lead's parts refetch. */
export function useLeadMutation<B>(tenantId: string, id: string, send: (body: B) => Promise<TenantLead>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadQueryOptions(tenantId, id).queryKey, lead);
      void queryClient.invalidateQueries({
        queryKey: leadsKey(tenantId),
        predicate: (query) => query.queryKey[2] !== 'one' || query.queryKey[3] !== id,
      });
    },
  });
}
