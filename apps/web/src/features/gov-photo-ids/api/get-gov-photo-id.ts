import { govPhotoId, type GovPhotoId } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One of the caller's government photo IDs (404 for another user's or a missing one). */
export function getGovPhotoId(id: string, signal?: AbortSignal): Promise<GovPhotoId> {
  return api.get(`/gov-photo-id/${encodeURIComponent(id)}`, govPhotoId, signal);
}

export const govPhotoIdQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['gov-photo-id', id], queryFn: ({ signal }) => getGovPhotoId(id, signal) });

export function useGovPhotoId(id: string | undefined) {
  return useQuery({ ...govPhotoIdQueryOptions(id ?? ''), enabled: Boolean(id) });
}
