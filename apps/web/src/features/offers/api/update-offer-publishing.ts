import { offer, offerPublishingBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferPublishingInput = z.input<typeof offerPublishingBody>;

export function updateOfferPublishing(tenantId: string, id: string, body: OfferPublishingInput) {
  return api.put(`${offerPath(tenantId, id)}/publishing`, body, offer);
}

export function useUpdateOfferPublishing(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferPublishingInput) => updateOfferPublishing(tenantId, id, body));
}
