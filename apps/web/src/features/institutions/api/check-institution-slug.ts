import { slugAvailabilityResult } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { institutionsKey, institutionsPath } from './list-institutions.ts';

/** GET …/institutions/slug-available: whether a slug is free (`except` the institution being edited). */
export function checkInstitutionSlug(tenantId: string, slug: string, except?: string, signal?: AbortSignal) {
  return api.get(`${institutionsPath(tenantId)}/slug-available${toSearch({ slug, except })}`, slugAvailabilityResult, signal);
}

export const institutionSlugQueryOptions = (tenantId: string, slug: string, except?: string) =>
  queryOptions({
    queryKey: [...institutionsKey(tenantId), 'slug-available', slug, except ?? null],
    queryFn: ({ signal }) => checkInstitutionSlug(tenantId, slug, except, signal),
    enabled: tenantId !== '' && slug !== '',
    staleTime: 10_000,
    retry: false,
  });

/** `enabled` false skips the check (an invalid slug, or a caller who does not see slugs). */
export function useInstitutionSlugAvailable(tenantId: string, slug: string, except?: string, enabled = true) {
  const options = institutionSlugQueryOptions(tenantId, slug, except);
  return useQuery({ ...options, enabled: options.enabled !== false && enabled });
}
