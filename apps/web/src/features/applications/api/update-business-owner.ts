import { businessOwner, type BusinessOwner, type BusinessOwnerUpdateInput } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessesKey } from './list-businesses.ts';

/** PUT business/{id}/owner/{ownerId}: an owner's title and equity. */
export function updateBusinessOwner(businessId: string, ownerId: string, body: BusinessOwnerUpdateInput): Promise<BusinessOwner> {
  return api.put(`/business/${encodeURIComponent(businessId)}/owner/${encodeURIComponent(ownerId)}`, body, businessOwner);
}

export function useUpdateBusinessOwner(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerId, body }: { ownerId: string; body: BusinessOwnerUpdateInput }) => updateBusinessOwner(businessId, ownerId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessesKey }),
  });
}
