import { offerDocument, PAGE_LIMIT_MAX } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath, offersKey } from './list-offers.ts';

/** GET …/{id}/documents: the offer's documents with their names and file facts, all of them (an offer lists at most 100). */
export function listOfferDocuments(tenantId: string, id: string, signal?: AbortSignal) {
  return api.get(`${offerPath(tenantId, id)}/documents?limit=${PAGE_LIMIT_MAX}`, z.array(offerDocument), signal);
}

export const offerDocumentsQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: [...offersKey(tenantId), 'documents', id],
    queryFn: ({ signal }) => listOfferDocuments(tenantId, id, signal),
    enabled: tenantId !== '',
  });

export function useOfferDocuments(tenantId: string, id: string) {
  return useQuery(offerDocumentsQueryOptions(tenantId, id));
}
