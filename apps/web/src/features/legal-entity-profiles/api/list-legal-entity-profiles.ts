import { legalEntityProfile, listOf, PAGE_LIMIT_MAX, type LegalEntityProfile } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The caller's legal entities, newest first (one page of up to 100 serves the list and the parent picker). */
export async function listLegalEntityProfiles(signal?: AbortSignal): Promise<LegalEntityProfile[]> {
  const body = await apiRequest(`/legal-entity-profile?limit=${PAGE_LIMIT_MAX}`, { schema: listOf(legalEntityProfile), signal });
  return body.data;
}

export const legalEntityProfilesQueryOptions = () =>
  queryOptions({ queryKey: ['legal-entity-profiles'], queryFn: ({ signal }) => listLegalEntityProfiles(signal) });

export function useLegalEntityProfiles() {
  return useQuery(legalEntityProfilesQueryOptions());
}
