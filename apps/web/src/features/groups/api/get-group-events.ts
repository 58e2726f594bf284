import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { groupsKey, groupsPath } from './list-groups.ts';

export function getGroupEvents(tenantId: string, id: string, q: TimelineQuery) {
  return apiRequest(`${groupsPath(tenantId)}/${encodeURIComponent(id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

export const groupEventsKey = (tenantId: string, id: string) => [...groupsKey(tenantId), 'events', id] as const;
