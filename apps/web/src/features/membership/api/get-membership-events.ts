import { listOf, timelineEvent, type TimelineQuery } from '@tessera/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { toSearch } from '../../../lib/list-params.ts';
import { membershipPath, membershipQueryOptions } from './get-membership.ts';

export function getMembershipEvents(id: string, q: TimelineQuery) {
  return apiRequest(`${membershipPath(id)}/events${toSearch(q)}`, { schema: listOf(timelineEvent) });
}

export const membershipEventsKey = (id: string) => [...membershipQueryOptions(id).queryKey, 'events'] as const;
