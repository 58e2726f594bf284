import { adminOfferItem, listOf, type AdminListQuery } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

type AdminOfferListQuery = Partial<AdminListQuery>;

export function listOffers(q: AdminOfferListQuery, signal?: AbortSignal) {
  return apiRequest(`/admin/offer${toSearch(q)}`, { schema: listOf(adminOfferItem), signal });
}

export const adminOffersQueryOptions = (q: AdminOfferListQuery = {}) =>
  queryOptions({
    queryKey: ['platform-admin', 'offers', q],
    queryFn: ({ signal }) => listOffers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminOffers(q: AdminOfferListQuery) {
  return useQuery(adminOffersQueryOptions(q));
}
