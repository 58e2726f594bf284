import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { legalEntityProfileQueryOptions } from './get-legal-entity-profile.ts';

export function deleteStakeholder(profileId: string, stakeholderId: string): Promise<void> {
  return api.remove(`/legal-entity-profile/${encodeURIComponent(profileId)}/stakeholders/${encodeURIComponent(stakeholderId)}`);
}

export function useDeleteStakeholder(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stakeholderId: string) => deleteStakeholder(profileId, stakeholderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalEntityProfileQueryOptions(profileId).queryKey }),
  });
}
