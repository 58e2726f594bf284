import type { TimelineQuery } from '@tessera/domain';
import { useCallback } from 'react';
import { RefreshableTimeline } from '../../../components/use-timeline-refresh.tsx';
import { getWorkflowEvents, workflowEventsKey } from '../api/get-workflow-events.ts';
import { useInvestmentContext } from './investment-review-page.tsx';

/** The History tab (002 §2 timeline view): every change to the workflow, with Refresh and when it was last fetched. */
export function InvestmentHistoryTab() {
  const { tenantId, workflow } = useInvestmentContext();
  const load = useCallback((query: TimelineQuery) => getWorkflowEvents(tenantId, workflow._id, query), [tenantId, workflow._id]);
  return <RefreshableTimeline queryKey={workflowEventsKey(tenantId, workflow._id)} load={load} />;
}
