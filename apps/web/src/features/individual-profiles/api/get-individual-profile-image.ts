import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client.ts';

/** The image bytes as an object URL; §9: images are cached by id in memory (an id never changes its bytes). */
export async function getIndividualProfileImage(profileId: string, imageId: string): Promise<string> {
  const blob = await apiDownload(`/individual-profile/${encodeURIComponent(profileId)}/media/${encodeURIComponent(imageId)}`);
  return URL.createObjectURL(blob);
}

export const individualProfileImageQueryOptions = (profileId: string, imageId: string) =>
  queryOptions({
    queryKey: ['individual-profile-image', imageId],
    queryFn: () => getIndividualProfileImage(profileId, imageId),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useIndividualProfileImage(profileId: string, imageId: string | null) {
  return useQuery({ ...individualProfileImageQueryOptions(profileId, imageId ?? ''), enabled: Boolean(imageId) });
}
