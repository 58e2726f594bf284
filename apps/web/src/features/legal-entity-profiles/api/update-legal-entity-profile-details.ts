import { legalEntityProfile, type LegalEntityProfile, type LegalEntityProfileDetailsBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeLegalEntityProfile } from './get-legal-entity-profile.ts';

export function updateLegalEntityProfileDetails(id: string, body: LegalEntityProfileDetailsBody): Promise<LegalEntityProfile> {
  return api.put(`/legal-entity-profile/${encodeURIComponent(id)}/details`, body, legalEntityProfile);
}

export function useUpdateLegalEntityProfileDetails(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LegalEntityProfileDetailsBody) => updateLegalEntityProfileDetails(id, body),
    onSuccess: (profile) => storeLegalEntityProfile(queryClient, profile),
  });
}
