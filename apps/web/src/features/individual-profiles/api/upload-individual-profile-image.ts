import { individualProfile, type IndividualProfile } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useProfileMutation } from './update-individual-profile.ts';

export function uploadIndividualProfileImage(id: string, file: File): Promise<IndividualProfile> {
  const form = new FormData();
  form.append('file', file);
  return api.upload(`/individual-profile/${encodeURIComponent(id)}/media`, form, individualProfile, 'PUT');
}

export function useUploadIndividualProfileImage(id: string) {
  return useProfileMutation(id, (file: File) => uploadIndividualProfileImage(id, file));
}
