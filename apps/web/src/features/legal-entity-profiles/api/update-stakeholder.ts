import { stakeholder, type Stakeholder, type StakeholderBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { legalEntityProfileQueryOptions } from './get-legal-entity-profile.ts';

export function updateStakeholder(profileId: string, stakeholderId: string, body: StakeholderBody): Promise<Stakeholder> {
  return api.put(
    `/legal-entity-profile/${encodeURIComponent(profileId)}/stakeholders/${encodeURIComponent(stakeholderId)}`,
    body,
    stakeholder,
  );
}

export function useUpdateStakeholder(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StakeholderBody }) => updateStakeholder(profileId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalEntityProfileQueryOptions(profileId).queryKey }),
  });
}
