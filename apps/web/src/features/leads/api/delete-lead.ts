import { dataOf, deletedResult } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadsKey, leadPath } from './lead-keys.ts';

/** The contract answers `{ data: { _id, deleted: true } }`; the API's other deletes answer 204, which is read the same. */
const deleteAnswer = z.union([z.null(), dataOf(deletedResult.extend({ _id: z.string() }))]);

export async function deleteLead(tenantId: string, id: string): Promise<void> {
  await apiRequest(leadPath(tenantId, id), { method: 'DELETE', schema: deleteAnswer });
}

/**
 * Deletes the lead: its own queries are dropped (a refetch would only answer 404) and the list and charts refetch.
 * Navigate away in onSuccess.
 */
export function useDeleteLead(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLead(tenantId, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: leadsKey(tenantId), predicate: (query) => query.queryKey[3] === id });
      void queryClient.invalidateQueries({ queryKey: leadsKey(tenantId) });
    },
  });
}
