import type { TimelineQuery } from '@tessera/domain';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { getTenantEvents, tenantEventsKey } from '../api/get-tenant-events.ts';
import { useTenantSettingsOutlet } from './tenant-settings-page.tsx';

/** /tenant/settings/history: every change to the tenant itself. */
export function TenantSettingsHistoryTab() {
  const tenant = useTenantSettingsOutlet();
  return <TimelineView queryKey={tenantEventsKey(tenant._id)} fetchEvents={(q: TimelineQuery) => getTenantEvents(tenant._id, q)} />;
}
