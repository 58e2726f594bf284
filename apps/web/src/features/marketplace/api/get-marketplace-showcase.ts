import { marketplaceOfferCard, marketplaceShowcaseApiPath } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, pageData } from '../../../lib/api-client.ts';
import { marketplaceKey } from './get-marketplace-offer.ts';

/** The handpicked deals of the showcase carousel (001 §2), in the order the tenant chose. */
const showcase = z.array(marketplaceOfferCard);

export function getMarketplaceShowcase(tenantId: string, signal?: AbortSignal) {
  return api.get(marketplaceShowcaseApiPath(tenantId), showcase, signal);
}

export const marketplaceShowcaseQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'showcase'],
    queryFn: ({ signal }) => getMarketplaceShowcase(tenantId, signal),
    // Written into the marketplace list's page for a signed-out visit (lib/page-answers.ts).
    initialData: () => pageData(marketplaceShowcaseApiPath(tenantId), showcase),
    enabled: tenantId !== '',
    staleTime: 60_000,
  });

export function useMarketplaceShowcase(tenantId: string, enabled = true) {
  return useQuery({ ...marketplaceShowcaseQueryOptions(tenantId), enabled: enabled && tenantId !== '' });
}
