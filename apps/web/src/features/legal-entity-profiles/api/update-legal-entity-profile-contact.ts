import { legalEntityProfile, type ContactInput, type LegalEntityProfile } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeLegalEntityProfile } from './get-legal-entity-profile.ts';

export function updateLegalEntityProfileContact(id: string, contact: ContactInput): Promise<LegalEntityProfile> {
  return api.put(`/legal-entity-profile/${encodeURIComponent(id)}/contact`, { contact }, legalEntityProfile);
}

export function useUpdateLegalEntityProfileContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: ContactInput) => updateLegalEntityProfileContact(id, contact),
    onSuccess: (profile) => storeLegalEntityProfile(queryClient, profile),
  });
}
