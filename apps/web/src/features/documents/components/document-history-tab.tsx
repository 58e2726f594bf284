import type { TimelineQuery } from '@tessera/domain';
import { TimelineView } from '../../../components/timeline-view.tsx';
import { documentEventsKey, getDocumentEvents } from '../api/get-document-events.ts';
import { useDocumentContext } from './document-page.tsx';

export function DocumentHistoryTab() {
  const { document } = useDocumentContext();
  return <TimelineView queryKey={documentEventsKey(document._id)} fetchEvents={(q: TimelineQuery) => getDocumentEvents(document._id, q)} />;
}
