import { Navigate, type RouteObject } from 'react-router';
import { dataPage, lazyPage, page } from './lazy-page.ts';
import { NotFoundPage } from './not-found.tsx';

/** The investor area (001 §2), loaded on the first visit to an address under /investor (router.tsx). */
export const investorRoutes: RouteObject[] = [
  {
    // The investor area (001 §2): Raise-mode members go to the institution dashboard, investors still in the
    // questionnaire to /investor/onboarding.
    path: 'investor',
    lazy: lazyPage(() => import('./investor-area.tsx'), 'InvestorArea'),
    children: [
      { index: true, element: <Navigate to="/investor/dashboard" replace /> },
      dataPage(
        'dashboard',
        () => import('../../features/investor-dashboard/components/investor-dashboard-page.tsx'),
        'InvestorDashboardPage',
        'investorDashboardLoader',
      ),
      page('investments', () => import('../../features/investments/components/investments-page.tsx'), 'InvestmentsPage'),
      // The investment workflow screen (001 §2): `?step=` picks the step, defaulting to the current one.
      page('workflow/:workflowId', () => import('../../features/workflows/components/workflow-page.tsx'), 'WorkflowPage'),
      page('messages', () => import('./coming-soon.tsx'), 'MessagesPage'),
      page('events', () => import('./coming-soon.tsx'), 'EventsPage'),
      page('onboarding', () => import('../../features/onboarding/components/onboarding-page.tsx'), 'OnboardingPage'),
      page('onboarding/checklist', () => import('../../features/onboarding/components/checklist-page.tsx'), 'ChecklistPage'),
      page(
        'onboarding/verify-identity',
        () => import('../../features/identity-verification/components/verify-identity-page.tsx'),
        'VerifyIdentityPage',
      ),
      page('applications', () => import('../../features/applications/components/applications-page.tsx'), 'InvestorApplicationsPage'),
      // The accreditation wizard (001 §2); its details, documents and history are sub-pages.
      page(
        'applications/:applicationId',
        () => import('../../features/applications/components/wizard/wizard-page.tsx'),
        'ApplicationWizardPage',
      ),
      {
        // The application's detail (001 §2 sub-pages details, documents, history), for reviewers and the applicant. A
        // layout without a path of its own, so the wizard's route above keeps the bare /applications/:applicationId.
        lazy: lazyPage(() => import('../../features/applications/components/review/application-layout.tsx'), 'ApplicationLayout'),
        children: [
          page(
            'applications/:applicationId/details',
            () => import('../../features/applications/components/review/application-details-tab.tsx'),
            'ApplicationDetailsTab',
          ),
          page(
            'applications/:applicationId/documents',
            () => import('../../features/applications/components/review/application-documents-tab.tsx'),
            'ApplicationDocumentsTab',
          ),
          page(
            'applications/:applicationId/history',
            () => import('../../features/applications/components/review/application-history-tab.tsx'),
            'ApplicationHistoryTab',
          ),
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
