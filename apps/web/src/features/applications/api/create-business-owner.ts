import { businessOwner, type BusinessOwner, type BusinessOwnerCreateInput } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessesKey } from './list-businesses.ts';

/** POST business/{id}/owner: a new owner, linked to a member's account when the e-mail is one. */
export function createBusinessOwner(businessId: string, body: BusinessOwnerCreateInput): Promise<BusinessOwner> {
  return api.post(`/business/${encodeURIComponent(businessId)}/owner`, body, businessOwner);
}

export function useCreateBusinessOwner(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessOwnerCreateInput) => createBusinessOwner(businessId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessesKey }),
  });
}
