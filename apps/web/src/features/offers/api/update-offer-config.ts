import { offer, offerConfigBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferConfigInput = z.input<typeof offerConfigBody>;

export function updateOfferConfig(tenantId: string, id: string, body: OfferConfigInput) {
  return api.put(`${offerPath(tenantId, id)}/config`, body, offer);
}

export function useUpdateOfferConfig(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferConfigInput) => updateOfferConfig(tenantId, id, body));
}
