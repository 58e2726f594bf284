import type { TimelineQuery } from '@tessera/domain';
import { useCallback } from 'react';
import { RefreshableTimeline } from '../../../components/use-timeline-refresh.tsx';
import { getOfferEvents, offerEventsKey } from '../api/get-offer-events.ts';
import { useOfferContext } from './offer-page.tsx';

/** History tab (002 §2): every change to the offer, with Refresh and when it was last fetched. */
export function OfferHistoryTab() {
  const { tenantId, offer } = useOfferContext();
  const load = useCallback((query: TimelineQuery) => getOfferEvents(tenantId, offer._id, query), [tenantId, offer._id]);
  return <RefreshableTimeline queryKey={offerEventsKey(tenantId, offer._id)} load={load} />;
}
