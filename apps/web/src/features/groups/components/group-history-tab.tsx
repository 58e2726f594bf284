import type { TimelineQuery } from '@tessera/domain';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { getGroupEvents, groupEventsKey } from '../api/get-group-events.ts';
import { useGroupContext } from './group-page.tsx';

/** History tab: every change to the group and its members. */
export function GroupHistoryTab() {
  const { tenantId, group } = useGroupContext();
  return (
    <TimelineView
      queryKey={groupEventsKey(tenantId, group._id)}
      fetchEvents={(q: TimelineQuery) => getGroupEvents(tenantId, group._id, q)}
    />
  );
}
