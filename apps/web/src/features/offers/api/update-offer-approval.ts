import { offer, offerApprovalBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferApprovalInput = z.input<typeof offerApprovalBody>;

export function updateOfferApproval(tenantId: string, id: string, body: OfferApprovalInput) {
  return api.put(`${offerPath(tenantId, id)}/approval`, body, offer);
}

export function useUpdateOfferApproval(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferApprovalInput) => updateOfferApproval(tenantId, id, body));
}
