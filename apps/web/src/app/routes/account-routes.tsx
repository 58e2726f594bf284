import { Navigate, type RouteObject } from 'react-router';
import { lazyPage, page } from './lazy-page.ts';
import { NotFoundPage } from './not-found.tsx';
import { settingsRedirectRoutes } from './settings-redirects.tsx';

/**
 * The signed-in pages outside the four areas: the bare root, the user's passport and membership, settings and
 * documents; loaded on the first visit to any other address the public table does not know (router.tsx), a mistyped
 * one too.
 */
export const accountRoutes: RouteObject[] = [
  // The bare root (001 §2): the institution dashboard in Raise mode, the investor dashboard otherwise.
  { index: true, lazy: lazyPage(() => import('./investor-area.tsx'), 'RootRedirect') },
  page('coming-soon', () => import('./coming-soon.tsx'), 'ComingSoonPage'),
  { path: 'user', element: <Navigate to="/user/passport/account" replace /> },
  {
    // The signed-in user's own membership of this tenant (a page of its own, not inside the passport).
    path: 'user/tenant-member/:tenantMemberId',
    lazy: lazyPage(() => import('../../features/membership/components/membership-layout.tsx'), 'MembershipLayout'),
    children: [
      { index: true, element: <Navigate to="account" replace /> },
      page('account', () => import('../../features/membership/components/membership-account-tab.tsx'), 'MembershipAccountTab'),
      page('activity', () => import('../../features/membership/components/membership-activity-tab.tsx'), 'MembershipActivityTab'),
      page('groups', () => import('../../features/membership/components/membership-groups-tab.tsx'), 'MembershipGroupsTab'),
      page('details', () => import('../../features/membership/components/membership-placeholder.tsx'), 'MembershipDetailsPlaceholder'),
      page(
        'notifications',
        () => import('../../features/membership/components/membership-placeholder.tsx'),
        'MembershipNotificationsPlaceholder',
      ),
    ],
  },
  {
    path: 'user/:product',
    lazy: lazyPage(() => import('../../features/passport/components/passport-layout.tsx'), 'PassportLayout'),
    children: [
      { index: true, element: <Navigate to="account" replace /> },
      page('account', () => import('../../features/account/components/account-page.tsx'), 'AccountPage'),
      page('activity', () => import('../../features/account/components/activity-page.tsx'), 'ActivityPage'),
      page('accreditation', () => import('../../features/passport/components/passport-placeholders.tsx'), 'AccreditationPlaceholder'),
      page('verification', () => import('../../features/identity-verification/components/verification-tab.tsx'), 'VerificationTab'),
      page(
        'individual-profiles',
        () => import('../../features/individual-profiles/components/individual-profiles-page.tsx'),
        'IndividualProfilesPage',
      ),
      {
        path: 'individual-profiles/:individualProfileId',
        lazy: lazyPage(() => import('../../features/individual-profiles/components/individual-profile-page.tsx'), 'IndividualProfilePage'),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          page('details', () => import('../../features/individual-profiles/components/profile-details-tab.tsx'), 'ProfileDetailsTab'),
          page('contact', () => import('../../features/individual-profiles/components/profile-contact-tab.tsx'), 'ProfileContactTab'),
          page(
            'financial-accounts',
            () => import('../../features/individual-profiles/components/profile-financial-accounts-tab.tsx'),
            'ProfileFinancialAccountsTab',
          ),
          // identity/create is the same tab with its 'Add ID' modal open: one route with an optional segment, so the tab
          // stays mounted as the modal opens and closes (a child route without an element made React Router warn).
          page('identity/create?', () => import('../../features/gov-photo-ids/components/profile-identity-tab.tsx'), 'ProfileIdentityTab'),
        ],
      },
      page(
        'financial-accounts',
        () => import('../../features/financial-accounts/components/financial-accounts-page.tsx'),
        'FinancialAccountsPage',
      ),
      page(
        'financial-accounts/:financialAccountId',
        () => import('../../features/financial-accounts/components/financial-accounts-page.tsx'),
        'FinancialAccountsPage',
      ),
      page(
        'legal-entity-profiles',
        () => import('../../features/legal-entity-profiles/components/legal-entity-profiles-page.tsx'),
        'LegalEntityProfilesPage',
      ),
      {
        path: 'legal-entity-profiles/:legalEntityProfileId',
        lazy: lazyPage(
          () => import('../../features/legal-entity-profiles/components/legal-entity-profile-page.tsx'),
          'LegalEntityProfilePage',
        ),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          page('details', () => import('../../features/legal-entity-profiles/components/details-tab.tsx'), 'LegalEntityDetailsTab'),
          page('ownership', () => import('../../features/legal-entity-profiles/components/ownership-tab.tsx'), 'LegalEntityOwnershipTab'),
          page('contact', () => import('../../features/legal-entity-profiles/components/contact-tab.tsx'), 'LegalEntityContactTab'),
          page(
            'financial-accounts',
            () => import('../../features/legal-entity-profiles/components/placeholder-tab.tsx'),
            'FinancialAccountsPlaceholder',
          ),
          page('legal', () => import('../../features/legal-entity-profiles/components/placeholder-tab.tsx'), 'LegalPlaceholder'),
        ],
      },
      // Tabs whose routes are not here yet show the 404 inside the passport layout.
      { path: '*', Component: NotFoundPage },
    ],
  },
  page('settings', () => import('../../features/account/components/settings-page.tsx'), 'SettingsPage'),
  ...settingsRedirectRoutes,
  page('document', () => import('../../features/documents/components/documents-page.tsx'), 'DocumentsPage'),
  page('document/create', () => import('../../features/documents/components/documents-page.tsx'), 'DocumentCreatePage'),
  {
    path: 'document/:documentId',
    lazy: lazyPage(() => import('../../features/documents/components/document-page.tsx'), 'DocumentPage'),
    children: [
      {
        index: true,
        lazy: lazyPage(() => import('../../features/documents/components/document-details-tab.tsx'), 'DocumentDetailsTab'),
      },
      page('history', () => import('../../features/documents/components/document-history-tab.tsx'), 'DocumentHistoryTab'),
      page('access', () => import('../../features/documents/components/document-access-tab.tsx'), 'DocumentAccessTab'),
    ],
  },
];
