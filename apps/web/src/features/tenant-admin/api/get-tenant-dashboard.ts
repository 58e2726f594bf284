import { tenantDashboard, type DashboardDays, type TenantDashboard } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function getTenantDashboard(id: string, days: DashboardDays, signal?: AbortSignal): Promise<TenantDashboard> {
  return api.get(`/tenant/${encodeURIComponent(id)}/dashboard?days=${days}`, tenantDashboard, signal);
}

export const tenantDashboardKey = (id: string) => ['tenant-admin', id, 'dashboard'] as const;

export const tenantDashboardQueryOptions = (id: string, days: DashboardDays) =>
  queryOptions({ queryKey: [...tenantDashboardKey(id), days], queryFn: ({ signal }) => getTenantDashboard(id, days, signal) });

export function useTenantDashboard(id: string, days: DashboardDays) {
  // The period selector keeps the old chart on screen while the new one loads.
  return useQuery({ ...tenantDashboardQueryOptions(id, days), placeholderData: keepPreviousData });
}
