import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { tenantQueryOptions } from './get-tenant.ts';
import { toSearch } from '../../../lib/list-params.ts';

export function getTenantEvents(id: string, q: TimelineQuery) {
  return apiRequest(`/admin/tenant/${encodeURIComponent(id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

/** Under the tenant's key, so changes to the tenant refresh its history. */
export const tenantEventsKey = (id: string) => [...tenantQueryOptions(id).queryKey, 'events'] as const;
