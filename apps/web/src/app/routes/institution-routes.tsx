import { Navigate, type RouteObject } from 'react-router';
import { dataPage, lazyPage, page } from './lazy-page.ts';
import { NotFoundPage } from './not-found.tsx';
import { institutionSettingsTabs, offerTabs } from './shared-tabs.tsx';

/** The tabs of a lead's page. */
const leadTabs: RouteObject[] = [
  // Activity is the lead's own address (the list's rows link there) and also answers at /activity.
  { index: true, lazy: lazyPage(() => import('../../features/leads/components/lead-activity-tab.tsx'), 'LeadActivityTab') },
  page('activity', () => import('../../features/leads/components/lead-activity-tab.tsx'), 'LeadActivityTab'),
  page('notes', () => import('../../features/leads/components/lead-notes-tab.tsx'), 'LeadNotesTab'),
  page('emails', () => import('../../features/leads/components/lead-coming-soon-tab.tsx'), 'LeadEmailsTab'),
  page('messages', () => import('../../features/leads/components/lead-coming-soon-tab.tsx'), 'LeadMessagesTab'),
  page('documents', () => import('../../features/leads/components/lead-documents-tab.tsx'), 'LeadDocumentsTab'),
];

/** The institution area of Raise mode (002 §2), loaded on the first visit to an address under /institution (router.tsx). */
export const institutionRoutes: RouteObject[] = [
  {
    // Raise mode (002 §2 institution area): the layout sends investor-mode users to their dashboard and
    // users without a picked institution to the list.
    path: 'institution',
    lazy: lazyPage(() => import('../../features/raise/components/institution-layout.tsx'), 'InstitutionLayout'),
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      page('list', () => import('../../features/raise/components/institution-list-page.tsx'), 'InstitutionListPage'),
      dataPage(
        'dashboard',
        () => import('../../features/institution-dashboard/components/institution-dashboard.tsx'),
        'InstitutionDashboardPage',
        'institutionDashboardLoader',
      ),
      page('offers', () => import('../../features/offers/components/offers-page.tsx'), 'OffersPage'),
      page('offers/:tenantOfferId', () => import('../../features/offers/components/offer-page.tsx'), 'OfferPage', offerTabs),
      dataPage('leads', () => import('../../features/leads/components/lead-list-page.tsx'), 'LeadListPage', 'leadListLoader'),
      // A lead's page (002 §2): tabs Activity (at the lead's own address), Notes (?modal=create opens 'Add note'), Emails, Messages, Documents.
      page('leads/:tenantLeadId', () => import('../../features/leads/components/lead-detail-page.tsx'), 'LeadDetailPage', leadTabs),
      // The institution's investment workflows (issue #20) and the read-only review of one subscription.
      page(
        'investments',
        () => import('../../features/institution-investments/components/institution-investments-page.tsx'),
        'InstitutionInvestmentsPage',
      ),
      page(
        'investments/:workflowId',
        () => import('../../features/institution-investments/components/investment-review-page.tsx'),
        'InvestmentReviewPage',
        [
          { index: true, element: <Navigate to="subscription" replace /> },
          page(
            'subscription',
            () => import('../../features/institution-investments/components/investment-subscription-tab.tsx'),
            'InvestmentSubscriptionTab',
          ),
          page(
            'history',
            () => import('../../features/institution-investments/components/investment-history-tab.tsx'),
            'InvestmentHistoryTab',
          ),
        ],
      ),
      {
        path: 'settings',
        lazy: lazyPage(() => import('../../features/institutions/components/institution-settings-page.tsx'), 'InstitutionSettingsPage'),
        children: [{ index: true, element: <Navigate to="details" replace /> }, ...institutionSettingsTabs],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
