import { legalEntityProfile, type LegalEntityProfile } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeLegalEntityProfile } from './get-legal-entity-profile.ts';

export function uploadLegalEntityProfileImage(id: string, file: File): Promise<LegalEntityProfile> {
  const form = new FormData();
  form.append('file', file);
  return api.upload(`/legal-entity-profile/${encodeURIComponent(id)}/media`, form, legalEntityProfile, 'PUT');
}

export function useUploadLegalEntityProfileImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLegalEntityProfileImage(id, file),
    onSuccess: (profile) => storeLegalEntityProfile(queryClient, profile),
  });
}
