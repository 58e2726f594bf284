import { legalEntityProfile, type LegalEntityProfile } from '@tessera/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { legalEntityProfilesQueryOptions } from './list-legal-entity-profiles.ts';

export function getLegalEntityProfile(id: string, signal?: AbortSignal): Promise<LegalEntityProfile> {
  return api.get(`/legal-entity-profile/${encodeURIComponent(id)}`, legalEntityProfile, signal);
}

export const legalEntityProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['legal-entity-profiles', id], queryFn: ({ signal }) => getLegalEntityProfile(id, signal) });

export function useLegalEntityProfile(id: string) {
  return useQuery(legalEntityProfileQueryOptions(id));
}

/** After a change: the profile takes the server's copy, and the list refetches. */
export function storeLegalEntityProfile(queryClient: QueryClient, profile: LegalEntityProfile) {
  queryClient.setQueryData(legalEntityProfileQueryOptions(profile._id).queryKey, profile);
  return queryClient.invalidateQueries({ queryKey: legalEntityProfilesQueryOptions().queryKey, exact: true });
}
