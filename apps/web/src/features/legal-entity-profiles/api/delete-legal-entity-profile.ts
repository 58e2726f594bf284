import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { forgetOnceUnwatched } from '../../../lib/query-client.ts';
import { legalEntityProfileQueryOptions } from './get-legal-entity-profile.ts';
import { legalEntityProfilesQueryOptions } from './list-legal-entity-profiles.ts';

export function deleteLegalEntityProfile(id: string): Promise<void> {
  return api.remove(`/legal-entity-profile/${encodeURIComponent(id)}`);
}

/** Deletes the entity, refreshes the list, `leave`s the entity's page and forgets the entity once nothing shows it. */
export function useDeleteLegalEntityProfile(id: string, leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLegalEntityProfile(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: legalEntityProfilesQueryOptions().queryKey, exact: true });
      await leave();
      forgetOnceUnwatched(queryClient, legalEntityProfileQueryOptions(id).queryKey);
    },
  });
}
