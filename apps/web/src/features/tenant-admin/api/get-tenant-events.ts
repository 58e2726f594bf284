import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export function getTenantEvents(id: string, q: TimelineQuery) {
  const params = new URLSearchParams({
    page: String(q.page),
    limit: String(q.limit),
    sort: q.sort,
    direction: q.direction,
    ...(q.search && { search: q.search }),
  });
  return apiRequest(`/tenant/${encodeURIComponent(id)}/events?${params.toString()}`, { schema: listOf(timelineEvent) });
}

/** The history tab's key; every tenant change invalidates it. */
export const tenantEventsKey = (id: string) => ['tenant-admin', id, 'events'] as const;
