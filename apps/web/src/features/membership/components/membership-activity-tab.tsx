import type { TimelineQuery } from '@tessera/domain';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { getMembershipEvents, membershipEventsKey } from '../api/get-membership-events.ts';
import { useMembershipContext } from './membership-layout.tsx';

/** Activity: the timeline of the membership. */
export function MembershipActivityTab() {
  const { membership } = useMembershipContext();
  return (
    <TimelineView
      queryKey={membershipEventsKey(membership._id)}
      fetchEvents={(q: TimelineQuery) => getMembershipEvents(membership._id, q)}
    />
  );
}
