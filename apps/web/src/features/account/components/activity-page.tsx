import Refresh from '@mui/icons-material/Refresh';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, formatDateTime, type TimelineQuery } from '@tessera/domain';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { useTenant } from '../../../lib/tenant/use-tenant.ts';
import { getUserEvents, userEventsQueryKey } from '../api/get-user-events.ts';

/** Activity: the user's timeline events, a Refresh button and when they were last fetched. */
export function ActivityPage() {
  const { user } = useSession();
  const { name: tenantName } = useTenant();
  const queryClient = useQueryClient();
  const userId = user?._id ?? '';
  const queryKey = userEventsQueryKey(userId);
  const [updatedAt, setUpdatedAt] = useState(() => new Date());
  const fetching = useIsFetching({ queryKey }) > 0;

  const fetchEvents = useCallback(
    async (query: TimelineQuery) => {
      const result = await getUserEvents(userId, query);
      setUpdatedAt(new Date());
      return result;
    },
    [userId],
  );

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
              Last updated {formatDateTime(updatedAt, user?.dateFormat ?? DEFAULT_DATE_FORMAT, user?.timeFormat ?? DEFAULT_TIME_FORMAT)}
            </Typography>
          </div>
          <Button
            variant="outlined"
            startIcon={<Refresh />}
            loading={fetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey })}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Refresh
          </Button>
        </Stack>
        <TimelineView queryKey={queryKey} fetchEvents={fetchEvents} dateFormat={user?.dateFormat ?? undefined} />
      </CardContent>
    </Card>
  );
}
