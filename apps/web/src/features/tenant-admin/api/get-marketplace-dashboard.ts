import { tenantDashboard, type DashboardScale, type TenantDashboard } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface MarketplaceWindow {
  start: string;
  end: string;
  scale: DashboardScale;
}

export function getMarketplaceDashboard(id: string, w: MarketplaceWindow, signal?: AbortSignal): Promise<TenantDashboard> {
  const params = new URLSearchParams({ start: w.start, end: w.end, scale: w.scale });
  return api.get(`/tenant/${encodeURIComponent(id)}/dashboard?${params.toString()}`, tenantDashboard, signal);
}

/** The tenant dashboard for a window of marketplace analytics (#25): GET tenant/{id}/dashboard with start, end and scale. */
export const marketplaceDashboardQueryOptions = (id: string, w: MarketplaceWindow) =>
  queryOptions({
    queryKey: ['tenant-admin', id, 'dashboard', 'marketplace', w.start, w.end, w.scale],
    queryFn: ({ signal }) => getMarketplaceDashboard(id, w, signal),
  });

export function useMarketplaceDashboard(id: string, w: MarketplaceWindow) {
  // A new window keeps the old charts on screen (dimmed) while it loads.
  return useQuery({ ...marketplaceDashboardQueryOptions(id, w), placeholderData: keepPreviousData });
}
