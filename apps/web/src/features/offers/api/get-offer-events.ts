import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { offerPath, offersKey } from './list-offers.ts';

export function getOfferEvents(tenantId: string, id: string, q: TimelineQuery) {
  return apiRequest(`${offerPath(tenantId, id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

/** Under the offers key, so every offer change refreshes the history. */
export const offerEventsKey = (tenantId: string, id: string) => [...offersKey(tenantId), 'events', id] as const;
