import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';

/** The platform timeline (GET admin/events): platform admins' actions that belong to no tenant. */
export function getPlatformEvents(q: TimelineQuery) {
  return apiRequest(`/admin/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

/** Under the platform-admin key, so any admin change (role, assignment, deletion) refreshes the activity. */
export const platformEventsKey = ['platform-admin', 'events'] as const;
