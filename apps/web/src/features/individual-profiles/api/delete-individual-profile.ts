import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetOnceUnwatched } from '../../../lib/query-client.ts';
import { individualProfileQueryOptions } from './get-individual-profile.ts';
import { individualProfilesQueryOptions } from './list-individual-profiles.ts';

export function deleteIndividualProfile(id: string): Promise<void> {
  return api.remove(`/individual-profile/${encodeURIComponent(id)}`);
}

/** Deletes the entity, refreshes the list, `leave`s the entity's page and forgets the entity once nothing shows it. */
export function useDeleteIndividualProfile(id: string, leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteIndividualProfile(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: individualProfilesQueryOptions().queryKey, exact: true });
      await leave();
      forgetOnceUnwatched(queryClient, individualProfileQueryOptions(id).queryKey);
    },
  });
}
