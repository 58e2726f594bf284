import { marketplaceOffer, marketplaceOfferApiPath } from '@tessera/domain';

export { offerCtaUrl } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pageData } from '../../../lib/api-client.ts';

export const marketplaceKey = (tenantId: string) => ['marketplace', tenantId] as const;

export function getMarketplaceOffer(tenantId: string, idOrSlug: string, signal?: AbortSignal) {
  return api.get(marketplaceOfferApiPath(tenantId, idOrSlug), marketplaceOffer, signal);
}

export const marketplaceOfferQueryOptions = (tenantId: string, idOrSlug: string) =>
  queryOptions({
    queryKey: [...marketplaceKey(tenantId), 'offer', idOrSlug],
    queryFn: ({ signal }) => getMarketplaceOffer(tenantId, idOrSlug, signal),
    // An offer's page carries the offer for a signed-out visit (lib/page-answers.ts).
    initialData: () => pageData(marketplaceOfferApiPath(tenantId, idOrSlug), marketplaceOffer),
    enabled: tenantId !== '' && idOrSlug !== '',
  });

export function useMarketplaceOffer(tenantId: string, idOrSlug: string, enabled = true) {
  return useQuery({ ...marketplaceOfferQueryOptions(tenantId, idOrSlug), enabled: enabled && tenantId !== '' && idOrSlug !== '' });
}
