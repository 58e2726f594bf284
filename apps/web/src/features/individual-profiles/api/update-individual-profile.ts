import { individualProfile, type IndividualProfile, type UpdateIndividualProfileBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { individualProfileQueryOptions } from './get-individual-profile.ts';
import { individualProfilesQueryOptions } from './list-individual-profiles.ts';

export function updateIndividualProfile(id: string, body: UpdateIndividualProfileBody): Promise<IndividualProfile> {
  return api.put(`/individual-profile/${encodeURIComponent(id)}`, body, individualProfile);
}

/** Every profile mutation answers with the whole profile: it becomes the cached one, and the list refreshes. */
export function useProfileMutation<V>(id: string, mutationFn: (variables: V) => Promise<IndividualProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(individualProfileQueryOptions(id).queryKey, profile);
      return queryClient.invalidateQueries({ queryKey: individualProfilesQueryOptions().queryKey, exact: true });
    },
  });
}

export function useUpdateIndividualProfile(id: string) {
  return useProfileMutation(id, (body: UpdateIndividualProfileBody) => updateIndividualProfile(id, body));
}
