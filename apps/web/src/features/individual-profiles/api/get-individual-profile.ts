import { individualProfile, type IndividualProfile } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getIndividualProfile(id: string, signal?: AbortSignal): Promise<IndividualProfile> {
  return api.get(`/individual-profile/${encodeURIComponent(id)}`, individualProfile, signal);
}

export const individualProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['individual-profiles', id], queryFn: ({ signal }) => getIndividualProfile(id, signal) });

export function useIndividualProfile(id: string | undefined) {
  return useQuery({ ...individualProfileQueryOptions(id ?? ''), enabled: Boolean(id) });
}
