import type { TenantLead } from '@tessera/domain';
import { renderRoutes } from '../../../test/render.tsx';
import { LeadActivityTab } from './lead-activity-tab.tsx';
import { LeadEmailsTab, LeadMessagesTab } from './lead-coming-soon-tab.tsx';
import { LeadDetailPage } from './lead-detail-page.tsx';
import { LeadDocumentsTab } from './lead-documents-tab.tsx';
import { LeadNotesTab } from './lead-notes-tab.tsx';
import { LEAD_ID, mockLeadApi } from './leads.test-helpers.ts';

/** The lead page with its tabs as the app routes them, and the list it goes back to. */
export function renderLeadPage(lead: TenantLead, tab = '', handler?: Parameters<typeof mockLeadApi>[1]) {
  const fetchMock = mockLeadApi(lead, handler);
  const rendered = renderRoutes(
    [
      {
        path: '/institution/leads/:tenantLeadId',
        element: <LeadDetailPage />,
        children: [
          { index: true, element: <LeadActivityTab /> },
          { path: 'activity', element: <LeadActivityTab /> },
          { path: 'notes', element: <LeadNotesTab /> },
          { path: 'emails', element: <LeadEmailsTab /> },
          { path: 'messages', element: <LeadMessagesTab /> },
          { path: 'documents', element: <LeadDocumentsTab /> },
        ],
      },
      { path: '/institution/leads', element: <p>The lead list</p> },
    ],
    { initialEntries: [`/institution/leads/${LEAD_ID}${tab ? `/${tab}` : ''}`] },
  );
  return { ...rendered, fetchMock };
}
