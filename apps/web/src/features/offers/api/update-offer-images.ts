import { offer, offerImagesBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferImagesInput = z.input<typeof offerImagesBody>;

export function updateOfferImages(tenantId: string, id: string, body: OfferImagesInput) {
  return api.put(`${offerPath(tenantId, id)}/images`, body, offer);
}

export function useUpdateOfferImages(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferImagesInput) => updateOfferImages(tenantId, id, body));
}
