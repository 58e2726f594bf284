import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { legalEntityProfileQueryOptions } from './get-legal-entity-profile.ts';
import { legalEntityProfilesQueryOptions } from './list-legal-entity-profiles.ts';

export function deleteLegalEntityProfile(id: string): Promise<void> {
  return api.remove(`/legal-entity-profile/${encodeURIComponent(id)}`);
}

export function useDeleteLegalEntityProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteLegalEntityProfile(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: legalEntityProfileQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: legalEntityProfilesQueryOptions().queryKey });
    },
  });
}
