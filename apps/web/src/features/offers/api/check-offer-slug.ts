import { slugAvailabilityResult } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { offersKey, offersPath } from './list-offers.ts';

/** GET …/offers/slug-available: whether a slug is free (`except` the offer being edited). */
export function checkOfferSlug(tenantId: string, slug: string, except?: string, signal?: AbortSignal) {
  return api.get(`${offersPath(tenantId)}/slug-available${toSearch({ slug, except })}`, slugAvailabilityResult, signal);
}

export const offerSlugQueryOptions = (tenantId: string, slug: string, except?: string) =>
  queryOptions({
    queryKey: [...offersKey(tenantId), 'slug-available', slug, except ?? null],
    queryFn: ({ signal }) => checkOfferSlug(tenantId, slug, except, signal),
    enabled: tenantId !== '' && slug !== '',
    staleTime: 10_000,
  });

export function useOfferSlugAvailable(tenantId: string, slug: string, except?: string) {
  return useQuery(offerSlugQueryOptions(tenantId, slug, except));
}
