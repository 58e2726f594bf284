import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { TimelineQuery } from '@tessera/domain';
import { useCallback } from 'react';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { useTimelineRefresh } from '../../../components/use-timeline-refresh.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { getUserEvents, userEventsQueryKey } from '../api/get-user-events.ts';

/** Activity: the user's timeline events, a Refresh button and when they were last fetched. */
export function ActivityPage() {
  const { user } = useSession();
  const { name: tenantName } = useTenant();
  const userId = user?._id ?? '';
  const queryKey = userEventsQueryKey(userId);
  const load = useCallback((query: TimelineQuery) => getUserEvents(userId, query), [userId]);
  const { fetchEvents, updatedAt, refreshButton } = useTimelineRefresh(queryKey, load);

  return (
    <Card variant="outlined">
      <title>{`Activity · ${tenantName}`}</title>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
        >
          <div>
            <Typography component="h2" variant="h6">
              Activity
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Last updated {updatedAt}
            </Typography>
          </div>
          {refreshButton}
        </Stack>
        <TimelineView queryKey={queryKey} fetchEvents={fetchEvents} />
      </CardContent>
    </Card>
  );
}
