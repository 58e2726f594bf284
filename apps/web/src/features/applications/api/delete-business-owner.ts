import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessesKey } from './list-businesses.ts';

/** DELETE business/{id}/owner/{ownerId}. */
export function deleteBusinessOwner(businessId: string, ownerId: string): Promise<void> {
  return api.remove(`/business/${encodeURIComponent(businessId)}/owner/${encodeURIComponent(ownerId)}`);
}

export function useDeleteBusinessOwner(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string) => deleteBusinessOwner(businessId, ownerId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: businessesKey }),
  });
}
