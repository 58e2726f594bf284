import { listOf, timelineEvent, type List, type TimelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';

export function getUserEvents(id: string, query: TimelineQuery): Promise<List<TimelineEvent>> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return apiRequest(`/user/${encodeURIComponent(id)}/events?${params.toString()}`, { schema: listOf(timelineEvent) });
}

/** The key TimelineView appends its query to; invalidate it to refresh the activity. */
export const userEventsQueryKey = (id: string) => ['user', id, 'events'] as const;
