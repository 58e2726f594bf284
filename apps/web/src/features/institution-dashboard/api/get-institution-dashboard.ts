import { institutionDashboard, presetRange, type DashboardPreset, type InstitutionDashboard } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

/** GET tenant/{t}/institutions/{id}/dashboard for a preset's window, ending now (the window is worked out at fetch time). */
export function getInstitutionDashboard(
  tenantId: string,
  id: string,
  preset: DashboardPreset,
  signal?: AbortSignal,
): Promise<InstitutionDashboard> {
  const { start, end, scale } = presetRange(preset);
  const query = toSearch({ start: start.toISOString(), end: end.toISOString(), scale });
  return api.get(
    `/tenant/${encodeURIComponent(tenantId)}/institutions/${encodeURIComponent(id)}/dashboard${query}`,
    institutionDashboard,
    signal,
  );
}

/** The data carries its preset: while the next window loads, the previous one stays on screen with its own tick labels. */
export const institutionDashboardQueryOptions = (tenantId: string, id: string, preset: DashboardPreset) =>
  queryOptions({
    queryKey: ['tenant-institutions', tenantId, 'dashboard', id, preset],
    queryFn: async ({ signal }) => ({ preset, dashboard: await getInstitutionDashboard(tenantId, id, preset, signal) }),
    enabled: tenantId !== '' && id !== '',
  });

export function useInstitutionDashboard(tenantId: string, id: string, preset: DashboardPreset) {
  // The preset selector keeps the old charts on screen while the new window loads.
  return useQuery({ ...institutionDashboardQueryOptions(tenantId, id, preset), placeholderData: keepPreviousData });
}
