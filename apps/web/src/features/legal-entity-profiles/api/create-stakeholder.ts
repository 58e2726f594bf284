import { stakeholder, type Stakeholder, type StakeholderBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { legalEntityProfileQueryOptions } from './get-legal-entity-profile.ts';

export function createStakeholder(profileId: string, body: StakeholderBody): Promise<Stakeholder> {
  return api.post(`/legal-entity-profile/${encodeURIComponent(profileId)}/stakeholders`, body, stakeholder);
}

export function useCreateStakeholder(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StakeholderBody) => createStakeholder(profileId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalEntityProfileQueryOptions(profileId).queryKey }),
  });
}
