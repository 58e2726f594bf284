import Refresh from '@mui/icons-material/Refresh';
import { Button, Stack, Typography } from '@mui/material';
import { TimelineView } from './timeline-view.tsx';
import { type List as ListOf, type TimelineEvent, type TimelineQuery } from '@tessera/domain';
import { formatDateTime, useDateFormats } from '../lib/format.ts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

/**
 * A timeline with a Refresh button and when it was last fetched: `fetchEvents` (for TimelineView) wraps `load`
 * (keep it stable with useCallback) and notes the time, `updatedAt` is that time in the user's formats, and
 * `refreshButton` refetches every page of `queryKey`.
 */
export function useTimelineRefresh(queryKey: readonly unknown[], load: (query: TimelineQuery) => Promise<ListOf<TimelineEvent>>) {
  useDateFormats();
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState(() => new Date());
  const fetching = useIsFetching({ queryKey }) > 0;

  const fetchEvents = useCallback(
    async (query: TimelineQuery) => {
      const result = await load(query);
      setUpdatedAt(new Date());
      return result;
    },
    [load],
  );

  const refreshButton = (
    <Button
      variant="outlined"
      startIcon={<Refresh />}
      loading={fetching}
      onClick={() => void queryClient.invalidateQueries({ queryKey })}
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
    >
      Refresh
    </Button>
  );

  return {
    fetchEvents,
    updatedAt: formatDateTime(updatedAt),
    refreshButton,
  };
}

/** A history tab: 'Last updated …' and Refresh above the timeline of `queryKey` (offers, applications). */
export function RefreshableTimeline({
  queryKey,
  load,
}: {
  queryKey: readonly unknown[];
  load: (query: TimelineQuery) => Promise<ListOf<TimelineEvent>>;
}) {
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
