import { offer, offerDocumentsBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferDocumentsInput = z.input<typeof offerDocumentsBody>;

export function updateOfferDocuments(tenantId: string, id: string, body: OfferDocumentsInput) {
  return api.put(`${offerPath(tenantId, id)}/documents`, body, offer);
}

export function useUpdateOfferDocuments(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferDocumentsInput) => updateOfferDocuments(tenantId, id, body));
}
