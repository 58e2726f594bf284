import { individualProfile, type CreateIndividualProfileBody, type IndividualProfile } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { individualProfilesQueryOptions } from './list-individual-profiles.ts';

export function createIndividualProfile(body: CreateIndividualProfileBody): Promise<IndividualProfile> {
  return api.post('/individual-profile', body, individualProfile);
}

export function useCreateIndividualProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIndividualProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: individualProfilesQueryOptions().queryKey }),
  });
}
