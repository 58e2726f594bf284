import type { TimelineQuery } from '@tessera/domain';
import { useCallback } from 'react';
import { RefreshableTimeline } from '../../../components/use-timeline-refresh.tsx';
import { getLeadEvents, leadEventsKey } from '../api/get-lead-events.ts';
import { useLeadContext } from './lead-detail-page.tsx';

/**
 * Activity tab (002 §2): the lead's history and engagement (offer views, document views, CTA clicks), with Refresh and
 * when it was last fetched.
 */
export function LeadActivityTab() {
  const { tenantId, lead } = useLeadContext();
  const load = useCallback((query: TimelineQuery) => getLeadEvents(tenantId, lead._id, query), [tenantId, lead._id]);
  // The API pages the merged feed newest first, without the timeline's search and sort (see get-lead-events.ts).
  return <RefreshableTimeline queryKey={leadEventsKey(tenantId, lead._id)} load={load} controls={false} />;
}
