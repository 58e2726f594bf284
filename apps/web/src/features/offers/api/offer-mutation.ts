import type { Offer } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offerQueryOptions } from './get-offer.ts';
import { offersKey } from './list-offers.ts';

/** A change to one offer: the answer replaces the cached offer, and lists, documents and history refetch. */
export function useOfferMutation<B>(tenantId: string, id: string, send: (body: B) => Promise<Offer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (offer) => {
      queryClient.setQueryData(offerQueryOptions(tenantId, id).queryKey, offer);
      void queryClient.invalidateQueries({ queryKey: offersKey(tenantId) });
    },
  });
}
