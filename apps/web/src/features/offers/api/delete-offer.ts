import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offerPath, offersKey } from './list-offers.ts';

export function deleteOffer(tenantId: string, id: string) {
  return api.remove(offerPath(tenantId, id));
}

/** Deletes any offer of the list: the id comes with each call. */
export function useDeleteOffer(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteOffer(tenantId, id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offersKey(tenantId) }),
  });
}
