import { legalEntityProfile, type LegalEntityProfile, type LegalEntityProfileCreateBody } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeLegalEntityProfile } from './get-legal-entity-profile.ts';

export function createLegalEntityProfile(body: LegalEntityProfileCreateBody): Promise<LegalEntityProfile> {
  return api.post('/legal-entity-profile', body, legalEntityProfile);
}

export function useCreateLegalEntityProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLegalEntityProfile, onSuccess: (profile) => storeLegalEntityProfile(queryClient, profile) });
}
