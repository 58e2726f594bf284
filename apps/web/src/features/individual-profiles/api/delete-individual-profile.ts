import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { individualProfileQueryOptions } from './get-individual-profile.ts';
import { individualProfilesQueryOptions } from './list-individual-profiles.ts';

export function deleteIndividualProfile(id: string): Promise<void> {
  return api.remove(`/individual-profile/${encodeURIComponent(id)}`);
}

export function useDeleteIndividualProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteIndividualProfile(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: individualProfileQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: individualProfilesQueryOptions().queryKey, exact: true });
    },
  });
}
