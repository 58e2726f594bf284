import { individualProfile, listOf, PAGE_LIMIT_MAX, type IndividualProfile } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** §9: the profile list holds up to 1000 profiles, read a page of 100 at a time. */
const PROFILES_MAX = 1000;

export async function listIndividualProfiles(signal?: AbortSignal): Promise<IndividualProfile[]> {
  const profiles: IndividualProfile[] = [];
  for (let page = 1; profiles.length < PROFILES_MAX; page++) {
    const body = await apiRequest(`/individual-profile?limit=${PAGE_LIMIT_MAX}&page=${page}`, {
      schema: listOf(individualProfile),
      signal,
    });
    profiles.push(...body.data);
    if (body.data.length < PAGE_LIMIT_MAX || profiles.length >= body.meta.total) break;
  }
  return profiles;
}

export const individualProfilesQueryOptions = () =>
  queryOptions({ queryKey: ['individual-profiles'], queryFn: ({ signal }) => listIndividualProfiles(signal) });

export function useIndividualProfiles() {
  return useQuery(individualProfilesQueryOptions());
}
