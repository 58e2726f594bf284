import { Stack, Typography } from '@mui/material';
import type { TimelineQuery } from '@tessera/domain';
import { useCallback } from 'react';
import { TimelineView } from '../../../../components/timeline-view.tsx';
import { useTimelineRefresh } from '../../../../components/use-timeline-refresh.tsx';
import { applicationEventsKey, getApplicationEvents } from '../../api/get-application-events.ts';
import { useApplicationContext } from './application-layout.tsx';

/** 001 §2 history sub-view: the application's events, with Refresh and when they were last fetched. */
export function ApplicationHistoryTab() {
  const { application } = useApplicationContext();
  const queryKey = applicationEventsKey(application._id);
  const load = useCallback((query: TimelineQuery) => getApplicationEvents(application._id, query), [application._id]);
  const { fetchEvents, updatedAt, refreshButton } = useTimelineRefresh(queryKey, load);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Last updated {updatedAt}
        </Typography>
        {refreshButton}
      </Stack>
      <TimelineView queryKey={queryKey} fetchEvents={fetchEvents} />
    </Stack>
  );
}
