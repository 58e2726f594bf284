import { offer, type OfferCreateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offersKey, offersPath } from './list-offers.ts';

export function createOffer(tenantId: string, body: OfferCreateBody) {
  return api.post(offersPath(tenantId), body, offer);
}

export function useCreateOffer(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferCreateBody) => createOffer(tenantId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: offersKey(tenantId) }),
  });
}
