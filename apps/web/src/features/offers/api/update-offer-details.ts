import { offer, offerDetailsBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferDetailsInput = z.input<typeof offerDetailsBody>;

export function updateOfferDetails(tenantId: string, id: string, body: OfferDetailsInput) {
  return api.put(`${offerPath(tenantId, id)}/details`, body, offer);
}

export function useUpdateOfferDetails(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferDetailsInput) => updateOfferDetails(tenantId, id, body));
}
