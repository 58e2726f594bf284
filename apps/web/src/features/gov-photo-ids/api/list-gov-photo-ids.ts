import { govPhotoId } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export function listGovPhotoIds(individualProfileId: string, signal?: AbortSignal) {
  return api.get(`/gov-photo-id?individualProfile=${encodeURIComponent(individualProfileId)}`, z.array(govPhotoId), signal);
}

export const govPhotoIdsQueryOptions = (individualProfileId: string) =>
  queryOptions({ queryKey: ['gov-photo-ids', individualProfileId], queryFn: ({ signal }) => listGovPhotoIds(individualProfileId, signal) });

export function useGovPhotoIds(individualProfileId: string) {
  return useQuery(govPhotoIdsQueryOptions(individualProfileId));
}
