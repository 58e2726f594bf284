import { individualProfile, type IndividualProfile } from '@tessera/domain';
import { api } from '../../../lib/api-client.ts';
import { getIndividualProfile } from './get-individual-profile.ts';
import { useProfileMutation } from './update-individual-profile.ts';

export function setIndividualProfileGovPhotoIds(id: string, govPhotoIds: string[]): Promise<IndividualProfile> {
  return api.put(`/individual-profile/${encodeURIComponent(id)}/gov-photo-id`, { govPhotoIds }, individualProfile);
}

/** §4: a newly created ID joins the profile's list (read fresh, so a stale cache cannot drop another ID). */
export async function addGovPhotoIdToProfile(id: string, govPhotoId: string): Promise<IndividualProfile> {
  const current = await getIndividualProfile(id);
  if (current.govPhotoIds.includes(govPhotoId)) return current;
  return setIndividualProfileGovPhotoIds(id, [...current.govPhotoIds, govPhotoId]);
}

export function useAddGovPhotoIdToProfile(id: string) {
  return useProfileMutation(id, (govPhotoId: string) => addGovPhotoIdToProfile(id, govPhotoId));
}
