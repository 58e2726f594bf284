import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { documentQueryOptions } from './get-document.ts';

export function getDocumentEvents(id: string, q: TimelineQuery) {
  const params = new URLSearchParams({
    page: String(q.page),
    limit: String(q.limit),
    sort: q.sort,
    direction: q.direction,
    ...(q.search && { search: q.search }),
  });
  return apiRequest(`/document/${encodeURIComponent(id)}/events?${params.toString()}`, { schema: listOf(timelineEvent) });
}

/** The history tab's key: under the document's, so its mutations refresh it. */
export const documentEventsKey = (id: string) => [...documentQueryOptions(id).queryKey, 'events'] as const;
