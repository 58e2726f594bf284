import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/** The image bytes as an object URL; §9: images are cached by id in memory (an id never changes its bytes). */
export async function getLegalEntityProfileImage(profileId: string, imageId: string): Promise<string> {
  const blob = await apiDownload(`/legal-entity-profile/${encodeURIComponent(profileId)}/media/${encodeURIComponent(imageId)}`);
  return URL.createObjectURL(blob);
}

export const legalEntityProfileImageQueryOptions = (profileId: string, imageId: string) =>
  queryOptions({
    queryKey: ['legal-entity-profile-image', imageId],
    queryFn: () => getLegalEntityProfileImage(profileId, imageId),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useLegalEntityProfileImage(profileId: string, imageId: string | null) {
  return useQuery({ ...legalEntityProfileImageQueryOptions(profileId, imageId ?? ''), enabled: Boolean(imageId) });
}
