import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { leadPartKey, leadPath } from './lead-keys.ts';

/**
 * GET …/{id}/events: the lead's history merged with their engagement (offer views, document views, CTA clicks on this
 * institution's offers), searched, sorted and paged as every timeline is.
 */
export function getLeadEvents(tenantId: string, id: string, query: TimelineQuery) {
  return apiRequest(`${leadPath(tenantId, id)}/events${toSearch(query)}`, { schema: listOf(timelineEvent) });
}

export const leadEventsKey = (tenantId: string, id: string) => leadPartKey(tenantId, 'events', id);
