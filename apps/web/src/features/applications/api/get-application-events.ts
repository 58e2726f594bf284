import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { applicationQueryOptions } from './get-application.ts';

export function getApplicationEvents(id: string, q: TimelineQuery) {
  return apiRequest(`/application/${encodeURIComponent(id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

/** The history's key: under the application's, so a review refreshes it. */
export const applicationEventsKey = (id: string) => [...applicationQueryOptions(id).queryKey, 'events'] as const;
