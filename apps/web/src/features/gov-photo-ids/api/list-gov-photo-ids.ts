import { govPhotoId, listOf, PAGE_LIMIT_MAX, type GovPhotoId } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The IDs of one profile (a person holds a handful; the first 100 are read). */
export async function listGovPhotoIds(individualProfileId: string, signal?: AbortSignal): Promise<GovPhotoId[]> {
  const path = `/gov-photo-id?individualProfile=${encodeURIComponent(individualProfileId)}&limit=${PAGE_LIMIT_MAX}`;
  return (await apiRequest(path, { schema: listOf(govPhotoId), signal })).data;
}

export const govPhotoIdsQueryOptions = (individualProfileId: string) =>
  queryOptions({ queryKey: ['gov-photo-ids', individualProfileId], queryFn: ({ signal }) => listGovPhotoIds(individualProfileId, signal) });

export function useGovPhotoIds(individualProfileId: string) {
  return useQuery(govPhotoIdsQueryOptions(individualProfileId));
}
