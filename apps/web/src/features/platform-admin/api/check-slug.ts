import { slugAvailability } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function checkSlug(slug: string, signal?: AbortSignal) {
  return api.get(`/tenant/slug-available?slug=${encodeURIComponent(slug)}`, slugAvailability, signal);
}

export const slugAvailabilityQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['platform-admin', 'slug-available', slug],
    queryFn: ({ signal }) => checkSlug(slug, signal),
    staleTime: 5_000,
  });

export function useSlugAvailability(slug: string) {
  return useQuery({ ...slugAvailabilityQueryOptions(slug), enabled: slug.length > 0 });
}
