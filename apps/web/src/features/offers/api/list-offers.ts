import { listOf, offerListApiPath, offerSummary, type OfferListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const offersPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/offers`;
export const offerPath = (tenantId: string, id: string) => `${offersPath(tenantId)}/${encodeURIComponent(id)}`;

export function listOffers(tenantId: string, q: OfferListQuery, signal?: AbortSignal) {
  return apiRequest(offerListApiPath(tenantId, q), { schema: listOf(offerSummary), signal });
}

/** Every offer query of a tenant starts with this key, so one invalidation refreshes lists, details and history. */
export const offersKey = (tenantId: string) => ['tenant-offers', tenantId] as const;

export const offersQueryOptions = (tenantId: string, q: OfferListQuery = {}) =>
  queryOptions({
    queryKey: [...offersKey(tenantId), 'list', q],
    queryFn: ({ signal }) => listOffers(tenantId, q, signal),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '',
  });

export function useOffers(tenantId: string, q: OfferListQuery) {
  return useQuery(offersQueryOptions(tenantId, q));
}
