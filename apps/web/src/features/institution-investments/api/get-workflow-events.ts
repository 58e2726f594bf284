import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { workflowPath, workflowQueryOptions } from '../../workflows/index.ts';

/** GET tenant/{t}/workflows/{id}/events: the workflow's timeline, as an application's events are read. */
export function getWorkflowEvents(tenantId: string, id: string, q: TimelineQuery) {
  return apiRequest(`${workflowPath(tenantId, id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

/** Under the workflow's key, so a change to the workflow refreshes its history. */
export const workflowEventsKey = (tenantId: string, id: string) => [...workflowQueryOptions(tenantId, id).queryKey, 'events'] as const;
