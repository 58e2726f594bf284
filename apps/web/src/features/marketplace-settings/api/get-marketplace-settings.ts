import { marketplaceSettingsView } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const marketplaceSettingsPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}/marketplace/settings`;

export function getMarketplaceSettings(tenantId: string, signal?: AbortSignal) {
  return api.get(marketplaceSettingsPath(tenantId), marketplaceSettingsView, signal);
}

export const marketplaceSettingsQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: ['marketplace-settings', tenantId],
    queryFn: ({ signal }) => getMarketplaceSettings(tenantId, signal),
    enabled: tenantId !== '',
  });

export function useMarketplaceSettings(tenantId: string) {
  return useQuery(marketplaceSettingsQueryOptions(tenantId));
}
