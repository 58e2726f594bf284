import { Navigate, type RouteObject } from 'react-router';
import { dataPage, lazyPage, page } from './lazy-page.ts';
import { NotFoundPage } from './not-found.tsx';
import { settingsRedirectRoutes } from './settings-redirects.tsx';

/** The tabs of an offer's page, the same in the institution area and the tenant's marketplace. */
const offerTabs: RouteObject[] = [
  { index: true, element: <Navigate to="details" replace /> },
  page('details', () => import('../../features/offers/components/offer-details-tab.tsx'), 'OfferDetailsTab'),
  page('history', () => import('../../features/offers/components/offer-history-tab.tsx'), 'OfferHistoryTab'),
  page('financials', () => import('../../features/offers/components/offer-financials-tab.tsx'), 'OfferFinancialsTab'),
  page('media', () => import('../../features/offers/components/offer-media-tab.tsx'), 'OfferMediaTab'),
  page('documents', () => import('../../features/offers/components/offer-documents-tab.tsx'), 'OfferDocumentsTab'),
];

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

/** An institution's settings tabs, the same for its GPs and the tenant's owners. */
const institutionSettingsTabs: RouteObject[] = [
  page('details', () => import('../../features/institutions/components/institution-details-tab.tsx'), 'InstitutionDetailsTab'),
  page('contact', () => import('../../features/institutions/components/institution-contact-tab.tsx'), 'InstitutionContactTab'),
  page('team', () => import('../../features/institutions/components/institution-team-tab.tsx'), 'InstitutionTeamTab'),
  page('media', () => import('../../features/institutions/components/institution-media-tab.tsx'), 'InstitutionMediaTab'),
  page('api', () => import('../../features/institutions/components/institution-api-tab.tsx'), 'InstitutionApiTab'),
  page('billing', () => import('../../features/institutions/components/institution-billing-tab.tsx'), 'InstitutionBillingTab'),
  page('history', () => import('../../features/institutions/components/institution-history-tab.tsx'), 'InstitutionHistoryTab'),
];

/**
 * Every page behind sign-in. This table is its own chunk, loaded on the first navigation to a
 * path the public table does not know (see `createAppRouter`), so the sign-in path never
 * carries it however many areas later issues add.
 */
export const signedInRoutes: RouteObject[] = [
  // The bare root (001 §2): the institution dashboard in Raise mode, the investor dashboard otherwise.
  { index: true, lazy: lazyPage(() => import('./investor-area.tsx'), 'RootRedirect') },
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
  {
    path: 'admin',
    lazy: lazyPage(() => import('../../features/platform-admin/components/admin-layout.tsx'), 'AdminLayout'),
    children: [
      {
        index: true,
        lazy: lazyPage(() => import('../../features/platform-admin/components/admin-overview-page.tsx'), 'AdminOverviewPage'),
      },
      page('activity', () => import('../../features/platform-admin/components/activity-page.tsx'), 'AdminActivityPage'),
      page('tenant', () => import('../../features/platform-admin/components/tenants-page.tsx'), 'TenantsPage'),
      page('tenant/create', () => import('../../features/platform-admin/components/tenant-create-page.tsx'), 'TenantCreatePage'),
      {
        path: 'tenant/:tenantId',
        lazy: lazyPage(() => import('../../features/platform-admin/components/tenant-page.tsx'), 'AdminTenantPage'),
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('../../features/platform-admin/components/tenant-page.tsx'), 'AdminTenantDetailsTab'),
          },
          page('history', () => import('../../features/platform-admin/components/tenant-page.tsx'), 'AdminTenantHistoryTab'),
          page('access', () => import('../../features/platform-admin/components/tenant-page.tsx'), 'AdminTenantAccessTab'),
        ],
      },
      page('user', () => import('../../features/platform-admin/components/users-page.tsx'), 'UsersPage'),
      page('user/:userId', () => import('../../features/platform-admin/components/user-page.tsx'), 'AdminUserPage'),
      page('application', () => import('../../features/platform-admin/components/applications-page.tsx'), 'AdminApplicationsPage'),
      page('offer', () => import('../../features/platform-admin/components/offers-page.tsx'), 'AdminOffersPage'),
    ],
  },
  // The tenants the user belongs to, to switch: any signed-in member, so it sits outside the owners' layout below.
  page('tenant/list', () => import('../../features/tenant-admin/components/tenant-list-page.tsx'), 'TenantListPage'),
  {
    // The tenant admin area (owners and platform admins; the layout shows everyone else a refusal).
    path: 'tenant',
    lazy: lazyPage(() => import('../../features/tenant-admin/components/tenant-admin-layout.tsx'), 'TenantAdminLayout'),
    children: [
      { index: true, element: <Navigate to="/tenant/dashboard" replace /> },
      page('dashboard', () => import('../../features/tenant-admin/components/tenant-dashboard-page.tsx'), 'TenantDashboardPage'),
      {
        path: 'settings',
        lazy: lazyPage(() => import('../../features/tenant-admin/components/tenant-settings-page.tsx'), 'TenantSettingsPage'),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          page('details', () => import('../../features/tenant-admin/components/settings-details-tab.tsx'), 'TenantSettingsDetailsTab'),
          page('api', () => import('../../features/api-keys/components/api-keys-tab.tsx'), 'TenantSettingsApiTab'),
          page('history', () => import('../../features/tenant-admin/components/settings-history-tab.tsx'), 'TenantSettingsHistoryTab'),
        ],
      },
      { path: 'branding', element: <Navigate to="/tenant/branding/theme" replace /> },
      page('branding/theme', () => import('../../features/branding/components/theme-form.tsx'), 'BrandingThemePage'),
      page('branding/media', () => import('../../features/branding/components/media-page.tsx'), 'BrandingMediaPage'),
      page('branding/messaging', () => import('../../features/branding/components/messaging-form.tsx'), 'BrandingMessagingPage'),
      {
        path: 'docs',
        lazy: lazyPage(() => import('../../features/api-docs/components/api-docs-page.tsx'), 'ApiDocsPage'),
        children: [
          {
            index: true,
            lazy: lazyPage(() => import('../../features/api-docs/components/api-docs-intro.tsx'), 'ApiDocsIntro'),
          },
          page('api/:groupId/:endpointId', () => import('../../features/api-docs/components/api-endpoint-page.tsx'), 'ApiEndpointPage'),
        ],
      },
      { path: 'membership', element: <Navigate to="/tenant/membership/members" replace /> },
      page('membership/members', () => import('../../features/members/components/members-page.tsx'), 'MembersPage'),
      {
        path: 'membership/members/:memberId',
        lazy: lazyPage(() => import('../../features/members/components/member-page.tsx'), 'MemberPage'),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          page('details', () => import('../../features/members/components/member-details-tab.tsx'), 'MemberDetailsTab'),
          page('history', () => import('../../features/members/components/member-history-tab.tsx'), 'MemberHistoryTab'),
          page('access', () => import('../../features/groups/components/member-access-tab.tsx'), 'MemberAccessTab'),
        ],
      },
      page('membership/groups', () => import('../../features/groups/components/groups-page.tsx'), 'GroupsPage'),
      {
        path: 'membership/groups/:groupId',
        lazy: lazyPage(() => import('../../features/groups/components/group-page.tsx'), 'GroupPage'),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          page('details', () => import('../../features/groups/components/group-details-tab.tsx'), 'GroupDetailsTab'),
          page('history', () => import('../../features/groups/components/group-history-tab.tsx'), 'GroupHistoryTab'),
          page('access', () => import('../../features/groups/components/group-access-tab.tsx'), 'GroupAccessTab'),
        ],
      },
      // The tenant's marketplace: its institutions and offers (Raise mode screens, for the owners).
      { path: 'marketplace', element: <Navigate to="/tenant/marketplace/dashboard" replace /> },
      page(
        'marketplace/dashboard',
        () => import('../../features/tenant-admin/components/marketplace-dashboard-page.tsx'),
        'MarketplaceDashboardPage',
      ),
      page(
        'marketplace/institutions',
        () => import('../../features/institutions/components/institutions-page.tsx'),
        'TenantInstitutionsPage',
      ),
      {
        path: 'marketplace/institutions/:tenantInstitutionId',
        lazy: lazyPage(() => import('../../features/institutions/components/tenant-institution-page.tsx'), 'TenantInstitutionPage'),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          page(
            'dashboard',
            () => import('../../features/institution-dashboard/components/institution-dashboard.tsx'),
            'InstitutionDashboard',
          ),
          page('offers', () => import('../../features/offers/components/offers-page.tsx'), 'InstitutionOffersTab'),
          ...institutionSettingsTabs,
        ],
      },
      page('marketplace/offers', () => import('../../features/offers/components/offers-page.tsx'), 'OffersPage'),
      page(
        'marketplace/settings',
        () => import('../../features/marketplace-settings/components/marketplace-settings-page.tsx'),
        'MarketplaceSettingsPage',
      ),
      page('marketplace/offers/:tenantOfferId', () => import('../../features/offers/components/offer-page.tsx'), 'OfferPage', offerTabs),
      // Pages whose routes are not here yet show the 404 inside the tenant admin layout.
      { path: '*', Component: NotFoundPage },
    ],
  },
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
