import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { institutionPath, institutionsKey } from './list-institutions.ts';

/** GET …/events: the institution's history, team changes included. */
export function getInstitutionEvents(tenantId: string, id: string, q: TimelineQuery) {
  return apiRequest(`${institutionPath(tenantId, id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

/** Under the institutions key, so every change to the institution or its team refreshes the history. */
export const institutionEventsKey = (tenantId: string, id: string) => [...institutionsKey(tenantId), 'events', id] as const;
