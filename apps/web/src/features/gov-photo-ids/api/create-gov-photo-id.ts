import { govPhotoId, type GovPhotoIdCreateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { govPhotoIdsQueryOptions } from './list-gov-photo-ids.ts';

export function createGovPhotoId(body: GovPhotoIdCreateBody) {
  return api.post('/gov-photo-id', body, govPhotoId);
}

export function useCreateGovPhotoId(individualProfileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGovPhotoId,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: govPhotoIdsQueryOptions(individualProfileId).queryKey }),
  });
}
