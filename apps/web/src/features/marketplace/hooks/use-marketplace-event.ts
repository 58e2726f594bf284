import type { AnalyticsEventInput, AnalyticsEventType } from '@tessera/domain';
import { useCallback, useEffect, useRef } from 'react';
import { buildEvent } from '../../../lib/analytics.ts';
import { queueEvent } from '../../../lib/analytics-queue.ts';
import { useSession } from '../../../lib/session/use-session.ts';

type MarketplaceEventType = Extract<AnalyticsEventType, 'offer-view' | 'institution-view' | 'document-view' | 'document-download' | 'cta'>;
type Extras = Pick<AnalyticsEventInput, 'offer' | 'institution' | 'document' | 'meta'>;

/** Records a marketplace event (001 §2: offer view, document view and download, CTA, institution view) through the batching queue. */
export function useMarketplaceEvent() {
  const { user, tenantId, appType } = useSession();
  const userId = user?._id;
  return useCallback(
    (type: MarketplaceEventType, extras: Extras) => queueEvent(buildEvent(type, { userId, tenantId, appType }, extras)),
    [userId, tenantId, appType],
  );
}

/** Records `type` once per visit of the page for the entity `id` (a later id, as another offer opened in place, records again). */
export function useRecordViewOnce(type: 'offer-view' | 'institution-view', id: string | undefined) {
  const record = useMarketplaceEvent();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!id || recorded.current === id) return;
    recorded.current = id;
    // Later, in a task of its own, like the page view (app/hooks/use-page-views.ts): this runs as the page commits.
    setTimeout(() => record(type, type === 'offer-view' ? { offer: id } : { institution: id }), 0);
  }, [id, type, record]);
}
