import { leadStats, presetRange, type DashboardPreset, type LeadStats } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { leadsKey, leadsPath } from './lead-keys.ts';

/** GET tenant/{t}/leads/stats for a preset's window ending now (worked out at fetch time, as the dashboard does). */
export function getLeadStats(tenantId: string, institution: string, preset: DashboardPreset, signal?: AbortSignal): Promise<LeadStats> {
  const { start, end, scale } = presetRange(preset);
  const query = toSearch({ institution, start: start.toISOString(), end: end.toISOString(), scale });
  return api.get(`${leadsPath(tenantId)}/stats${query}`, leadStats, signal);
}

/** The data carries its preset, so the previous window stays on screen with its own tick labels while the next one loads. */
export const leadStatsQueryOptions = (tenantId: string, institution: string, preset: DashboardPreset) =>
  queryOptions({
    queryKey: [...leadsKey(tenantId), 'stats', institution, preset],
    queryFn: async ({ signal }) => ({ preset, stats: await getLeadStats(tenantId, institution, preset, signal) }),
    placeholderData: keepPreviousData,
    enabled: tenantId !== '' && institution !== '',
  });

export function useLeadStats(tenantId: string, institution: string, preset: DashboardPreset) {
  return useQuery(leadStatsQueryOptions(tenantId, institution, preset));
}
