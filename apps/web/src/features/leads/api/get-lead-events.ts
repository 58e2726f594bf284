import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

/**
 * GET …/{id}/events: the lead's history merged with their engagement (offer views, document views, CTA clicks on this
 * institution's offers), newest first. The API pages that merged feed by page and limit only (leadEventsQuery) and
 * answers 400 to the timeline's search, sort and direction, so only the page goes out: until it takes the timeline's
 * whole query, the Activity tab's search and sort leave the newest-first order as it is.
 */
export function getLeadEvents(tenantId: string, id: string, { page, limit }: TimelineQuery) {
  return apiRequest(`${leadPath(tenantId, id)}/events${toSearch({ page, limit })}`, { schema: listOf(timelineEvent) });
}

export const leadEventsKey = (tenantId: string, id: string) => leadPartKey(tenantId, 'events', id);
