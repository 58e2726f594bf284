import { offer, offerStatusBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferStatusInput = z.input<typeof offerStatusBody>;

export function updateOfferStatus(tenantId: string, id: string, body: OfferStatusInput) {
  return api.put(`${offerPath(tenantId, id)}/status`, body, offer);
}

export function useUpdateOfferStatus(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferStatusInput) => updateOfferStatus(tenantId, id, body));
}
