import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offersKey } from '../../offers/index.ts';
import { institutionQueryOptions } from '../../raise/index.ts';
import { institutionPath, institutionsKey } from './list-institutions.ts';

/** DELETE tenant/{t}/institutions/{id} (owners): its offers and team go with it. */
export function deleteInstitution(tenantId: string, id: string) {
  return api.remove(institutionPath(tenantId, id));
}

export function useDeleteInstitution(tenantId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteInstitution(tenantId, id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: institutionQueryOptions(tenantId, id).queryKey });
      void queryClient.invalidateQueries({ queryKey: institutionsKey(tenantId) });
      // Its offers are gone too.
      void queryClient.invalidateQueries({ queryKey: offersKey(tenantId) });
    },
  });
}
