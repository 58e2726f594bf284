import { individualProfile, type ContactInput, type IndividualProfile } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { useProfileMutation } from './update-individual-profile.ts';

export function updateIndividualProfileContact(id: string, contact: ContactInput): Promise<IndividualProfile> {
  return api.put(`/individual-profile/${encodeURIComponent(id)}/contact`, { contact }, individualProfile);
}

export function useUpdateIndividualProfileContact(id: string) {
  return useProfileMutation(id, (contact: ContactInput) => updateIndividualProfileContact(id, contact));
}
