import { Stack, Typography } from '@mui/material';
import type { TimelineQuery } from '@tessera/domain';
import { useCallback } from 'react';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { useTimelineRefresh } from '../../../components/use-timeline-refresh.tsx';
import { getOfferEvents, offerEventsKey } from '../api/get-offer-events.ts';
import { useOfferContext } from './offer-page.tsx';

/** History tab (002 §2): every change to the offer, with Refresh and when it was last fetched. */
export function OfferHistoryTab() {
  const { tenantId, offer } = useOfferContext();
  const queryKey = offerEventsKey(tenantId, offer._id);
  const load = useCallback((query: TimelineQuery) => getOfferEvents(tenantId, offer._id, query), [tenantId, offer._id]);
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
