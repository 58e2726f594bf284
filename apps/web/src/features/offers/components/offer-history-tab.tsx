import Refresh from '@mui/icons-material/Refresh';
import { Button, Stack, Typography } from '@mui/material';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, formatDateTime, type TimelineQuery } from '@tessera/domain';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { getOfferEvents, offerEventsKey } from '../api/get-offer-events.ts';
import { useOfferContext } from './offer-page.tsx';

/** History tab (002 §2): every change to the offer, with Refresh and when it was last fetched. */
export function OfferHistoryTab() {
  const { tenantId, offer } = useOfferContext();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const queryKey = offerEventsKey(tenantId, offer._id);
  const [updatedAt, setUpdatedAt] = useState(() => new Date());
  const fetching = useIsFetching({ queryKey }) > 0;

  const fetchEvents = useCallback(
    async (query: TimelineQuery) => {
      const result = await getOfferEvents(tenantId, offer._id, query);
      setUpdatedAt(new Date());
      return result;
    },
    [tenantId, offer._id],
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Last updated {formatDateTime(updatedAt, user?.dateFormat ?? DEFAULT_DATE_FORMAT, user?.timeFormat ?? DEFAULT_TIME_FORMAT)}
        </Typography>
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
    </Stack>
  );
}
