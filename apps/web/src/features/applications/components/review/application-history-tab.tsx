import type { TimelineQuery } from '@tessera/domain';
import { useCallback } from 'react';
import { RefreshableTimeline } from '../../../../components/use-timeline-refresh.tsx';
import { applicationEventsKey, getApplicationEvents } from '../../api/get-application-events.ts';
import { useApplicationContext } from './application-layout.tsx';

/** 001 §2 history sub-view: the application's events, with Refresh and when they were last fetched. */
export function ApplicationHistoryTab() {
  const { application } = useApplicationContext();
  const load = useCallback((query: TimelineQuery) => getApplicationEvents(application._id, query), [application._id]);
  return <RefreshableTimeline queryKey={applicationEventsKey(application._id)} load={load} />;
}
