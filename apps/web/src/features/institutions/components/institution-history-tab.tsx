import type { TimelineQuery } from '@tessera/domain';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { getInstitutionEvents, institutionEventsKey } from '../api/get-institution-events.ts';
import { InstitutionTabFrame } from './institution-tab-frame.tsx';

/** History tab: every change to the institution and its team. */
export function InstitutionHistoryTab() {
  return (
    <InstitutionTabFrame label="History">
      {({ tenantId, institution }) => (
        <TimelineView
          queryKey={institutionEventsKey(tenantId, institution._id)}
          fetchEvents={(q: TimelineQuery) => getInstitutionEvents(tenantId, institution._id, q)}
        />
      )}
    </InstitutionTabFrame>
  );
}
