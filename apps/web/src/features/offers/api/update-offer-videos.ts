import { offer, offerVideosBody } from '@tessera/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { offerPath } from './list-offers.ts';
import { useOfferMutation } from './offer-mutation.ts';

type OfferVideosInput = z.input<typeof offerVideosBody>;

export function updateOfferVideos(tenantId: string, id: string, body: OfferVideosInput) {
  return api.put(`${offerPath(tenantId, id)}/videos`, body, offer);
}

export function useUpdateOfferVideos(tenantId: string, id: string) {
  return useOfferMutation(tenantId, id, (body: OfferVideosInput) => updateOfferVideos(tenantId, id, body));
}
