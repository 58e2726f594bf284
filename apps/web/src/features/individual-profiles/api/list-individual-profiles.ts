import { INDIVIDUAL_PROFILE_LIMIT_MAX, individualProfile, listOf, type IndividualProfile } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** §9: the profile list is read in one request of up to 1000. */
export async function listIndividualProfiles(signal?: AbortSignal): Promise<IndividualProfile[]> {
  const body = await apiRequest(`/individual-profile?limit=${INDIVIDUAL_PROFILE_LIMIT_MAX}`, { schema: listOf(individualProfile), signal });
  return body.data;
}

export const individualProfilesQueryOptions = () =>
  queryOptions({ queryKey: ['individual-profiles'], queryFn: ({ signal }) => listIndividualProfiles(signal) });

export function useIndividualProfiles() {
  return useQuery(individualProfilesQueryOptions());
}
