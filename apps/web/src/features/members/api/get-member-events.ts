import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { membersKey, membersPath } from './list-members.ts';

export function getMemberEvents(tenantId: string, id: string, q: TimelineQuery) {
  return apiRequest(`${membersPath(tenantId)}/${encodeURIComponent(id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

/** Under the members key, so every member change refreshes the history. */
export const memberEventsKey = (tenantId: string, id: string) => [...membersKey(tenantId), 'events', id] as const;
