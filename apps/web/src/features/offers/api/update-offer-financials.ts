import { offer, offerFinancialsBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferFinancialsInput = z.input<typeof offerFinancialsBody>;

export function updateOfferFinancials(tenantId: string, id: string, body: OfferFinancialsInput) {
  return api.put(`${offerPath(tenantId, id)}/financials`, body, offer);
}

export function useUpdateOfferFinancials(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferFinancialsInput) => updateOfferFinancials(tenantId, id, body));
}
