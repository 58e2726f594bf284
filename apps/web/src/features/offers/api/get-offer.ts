import { offer } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { offerPath, offersKey } from './list-offers.ts';

export function getOffer(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(offerPath(tenantId, id), offer, signal);
}

export const offerQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: [...offersKey(tenantId), 'one', id],
    queryFn: ({ signal }) => getOffer(tenantId, id, signal),
    enabled: tenantId !== '' && id !== '',
  });

export function useOffer(tenantId: string, id: string) {
  return useQuery(offerQueryOptions(tenantId, id));
}
