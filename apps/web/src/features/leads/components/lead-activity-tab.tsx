import type { TimelineQuery } from '@tessera/domain';
import { useCallback, useMemo } from 'react';
import { RefreshableTimeline } from '../../../components/use-timeline-refresh.tsx';
import { getLeadEvents, leadEventsKey } from '../api/get-lead-events.ts';
import { useLeadContext } from './lead-detail-page.tsx';
import { maskPii, piiSecrets, usePii } from './lead-pii.tsx';

/**
 * Activity tab (002 §2): the lead's history and engagement (offer views, document views, CTA clicks), with Refresh and
 * when it was last fetched. With personal data hidden, the events' messages and details mask the lead's name, e-mail
 * and phone too (a masked copy under its own key, so turning the toggle back shows the plain one at once).
 */
export function LeadActivityTab() {
  const { tenantId, lead } = useLeadContext();
  const { hidden } = usePii();
  const secrets = useMemo(() => (hidden ? piiSecrets(lead) : []), [hidden, lead]);
  const load = useCallback(
    async (query: TimelineQuery) => maskPii(await getLeadEvents(tenantId, lead._id, query), secrets),
    [tenantId, lead._id, secrets],
  );
  const queryKey = useMemo(() => [...leadEventsKey(tenantId, lead._id), hidden ? 'masked' : 'plain'], [tenantId, lead._id, hidden]);
  return <RefreshableTimeline queryKey={queryKey} load={load} />;
}
