import { offer, offerMarketplaceConfigBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferMarketplaceConfigInput = z.input<typeof offerMarketplaceConfigBody>;

export function updateOfferMarketplaceConfig(tenantId: string, id: string, body: OfferMarketplaceConfigInput) {
  return api.put(`${offerPath(tenantId, id)}/marketplace-config`, body, offer);
}

export function useUpdateOfferMarketplaceConfig(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferMarketplaceConfigInput) => updateOfferMarketplaceConfig(tenantId, id, body));
}
