import { offer, offerCtaBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferCtaInput = z.input<typeof offerCtaBody>;

export function updateOfferCta(tenantId: string, id: string, body: OfferCtaInput) {
  return api.put(`${offerPath(tenantId, id)}/cta`, body, offer);
}

export function useUpdateOfferCta(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferCtaInput) => updateOfferCta(tenantId, id, body));
}
