import type { TimelineQuery } from '@tessera/domain';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { getMemberEvents, memberEventsKey } from '../api/get-member-events.ts';
import { useMemberContext } from './member-page.tsx';

/** History tab: every change to the membership. */
export function MemberHistoryTab() {
  const { tenantId, member } = useMemberContext();
  return (
    <TimelineView
      queryKey={memberEventsKey(tenantId, member._id)}
      fetchEvents={(q: TimelineQuery) => getMemberEvents(tenantId, member._id, q)}
    />
  );
}
