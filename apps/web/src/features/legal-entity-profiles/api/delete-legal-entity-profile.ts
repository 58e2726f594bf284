import { deletedResult } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { legalEntityProfileQueryOptions } from './get-legal-entity-profile.ts';
import { legalEntityProfilesQueryOptions } from './list-legal-entity-profiles.ts';

export function deleteLegalEntityProfile(id: string): Promise<z.infer<typeof deletedResult>> {
  return api.delete(`/legal-entity-profile/${encodeURIComponent(id)}`, deletedResult);
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
