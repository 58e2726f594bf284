import { INDIVIDUAL_PROFILE_READ_MAX, individualProfile, listOf, PAGE_LIMIT_MAX, type IndividualProfile } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** §9: the whole profile list, up to 1000, read page after page of the API's largest page (100). */
export async function listIndividualProfiles(signal?: AbortSignal): Promise<IndividualProfile[]> {
  const profiles: IndividualProfile[] = [];
  for (let page = 1; profiles.length < INDIVIDUAL_PROFILE_READ_MAX; page++) {
    const body = await apiRequest(`/individual-profile?page=${page}&limit=${PAGE_LIMIT_MAX}`, {
      schema: listOf(individualProfile),
      signal,
    });
    profiles.push(...body.data);
    if (body.data.length < PAGE_LIMIT_MAX || profiles.length >= body.meta.total) break;
  }
  return profiles.slice(0, INDIVIDUAL_PROFILE_READ_MAX);
}

export const individualProfilesQueryOptions = () =>
  queryOptions({ queryKey: ['individual-profiles'], queryFn: ({ signal }) => listIndividualProfiles(signal) });

export function useIndividualProfiles() {
  return useQuery(individualProfilesQueryOptions());
}
