import { marketplaceDocumentFile, PAGE_LIMIT_MAX } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';

/**
 * GET tenant/{t}/marketplace/offers/{id}/documents: the offer's visible documents, each with its view and download
 * address; all of them in one page (an offer lists at most 100).
 */
export function listMarketplaceOfferDocuments(tenantId: string, offerId: string, signal?: AbortSignal) {
  return api.get(
    `/tenant/${encodeURIComponent(tenantId)}/marketplace/offers/${encodeURIComponent(offerId)}/documents?limit=${PAGE_LIMIT_MAX}`,
    z.array(marketplaceDocumentFile),
    signal,
  );
}

export const marketplaceOfferDocumentsQueryOptions = (tenantId: string, offerId: string) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'offer', offerId, 'documents'],
    queryFn: ({ signal }) => listMarketplaceOfferDocuments(tenantId, offerId, signal),
    enabled: tenantId !== '' && offerId !== '',
  });

export function useMarketplaceOfferDocuments(tenantId: string, offerId: string) {
  return useQuery(marketplaceOfferDocumentsQueryOptions(tenantId, offerId));
}
