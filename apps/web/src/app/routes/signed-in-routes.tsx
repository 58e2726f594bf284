import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found.tsx';
import { settingsRedirectRoutes } from './settings-redirects.tsx';

/** The tabs of an offer's page, the same in the institution area and the tenant's marketplace. */
const offerTabs: RouteObject[] = [
  { index: true, element: <Navigate to="details" replace /> },
  {
    path: 'details',
    lazy: () => import('../../features/offers/components/offer-details-tab.tsx').then((m) => ({ Component: m.OfferDetailsTab })),
  },
  {
    path: 'history',
    lazy: () => import('../../features/offers/components/offer-history-tab.tsx').then((m) => ({ Component: m.OfferHistoryTab })),
  },
  {
    path: 'financials',
    lazy: () => import('../../features/offers/components/offer-financials-tab.tsx').then((m) => ({ Component: m.OfferFinancialsTab })),
  },
  {
    path: 'media',
    lazy: () => import('../../features/offers/components/offer-media-tab.tsx').then((m) => ({ Component: m.OfferMediaTab })),
  },
  {
    path: 'documents',
    lazy: () => import('../../features/offers/components/offer-documents-tab.tsx').then((m) => ({ Component: m.OfferDocumentsTab })),
  },
];

/** An institution's settings tabs, the same for its GPs and the tenant's owners. */
const institutionSettingsTabs: RouteObject[] = [
  {
    path: 'details',
    lazy: () =>
      import('../../features/institutions/components/institution-details-tab.tsx').then((m) => ({ Component: m.InstitutionDetailsTab })),
  },
  {
    path: 'contact',
    lazy: () =>
      import('../../features/institutions/components/institution-contact-tab.tsx').then((m) => ({ Component: m.InstitutionContactTab })),
  },
  {
    path: 'team',
    lazy: () =>
      import('../../features/institutions/components/institution-team-tab.tsx').then((m) => ({ Component: m.InstitutionTeamTab })),
  },
  {
    path: 'media',
    lazy: () =>
      import('../../features/institutions/components/institution-media-tab.tsx').then((m) => ({ Component: m.InstitutionMediaTab })),
  },
  {
    path: 'api',
    lazy: () => import('../../features/institutions/components/institution-api-tab.tsx').then((m) => ({ Component: m.InstitutionApiTab })),
  },
  {
    path: 'history',
    lazy: () =>
      import('../../features/institutions/components/institution-history-tab.tsx').then((m) => ({ Component: m.InstitutionHistoryTab })),
  },
];

/**
 * Every page behind sign-in. This table is its own chunk, loaded on the first navigation to a
 * path the public table does not know (see `createAppRouter`), so the sign-in path never
 * carries it however many areas later issues add.
 */
export const signedInRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./home.tsx').then((m) => ({ Component: m.HomePage })) },
  { path: 'user', element: <Navigate to="/user/passport/account" replace /> },
  {
    // The signed-in user's own membership of this tenant (a page of its own, not inside the passport).
    path: 'user/tenant-member/:tenantMemberId',
    lazy: () => import('../../features/membership/components/membership-layout.tsx').then((m) => ({ Component: m.MembershipLayout })),
    children: [
      { index: true, element: <Navigate to="account" replace /> },
      {
        path: 'account',
        lazy: () =>
          import('../../features/membership/components/membership-account-tab.tsx').then((m) => ({ Component: m.MembershipAccountTab })),
      },
      {
        path: 'activity',
        lazy: () =>
          import('../../features/membership/components/membership-activity-tab.tsx').then((m) => ({ Component: m.MembershipActivityTab })),
      },
      {
        path: 'groups',
        lazy: () =>
          import('../../features/membership/components/membership-groups-tab.tsx').then((m) => ({ Component: m.MembershipGroupsTab })),
      },
      {
        path: 'details',
        lazy: () =>
          import('../../features/membership/components/membership-placeholder.tsx').then((m) => ({
            Component: m.MembershipDetailsPlaceholder,
          })),
      },
      {
        path: 'notifications',
        lazy: () =>
          import('../../features/membership/components/membership-placeholder.tsx').then((m) => ({
            Component: m.MembershipNotificationsPlaceholder,
          })),
      },
    ],
  },
  {
    path: 'user/:product',
    lazy: () => import('../../features/passport/components/passport-layout.tsx').then((m) => ({ Component: m.PassportLayout })),
    children: [
      { index: true, element: <Navigate to="account" replace /> },
      {
        path: 'account',
        lazy: () => import('../../features/account/components/account-page.tsx').then((m) => ({ Component: m.AccountPage })),
      },
      {
        path: 'activity',
        lazy: () => import('../../features/account/components/activity-page.tsx').then((m) => ({ Component: m.ActivityPage })),
      },
      {
        path: 'accreditation',
        lazy: () =>
          import('../../features/passport/components/passport-placeholders.tsx').then((m) => ({ Component: m.AccreditationPlaceholder })),
      },
      {
        path: 'verification',
        lazy: () =>
          import('../../features/passport/components/passport-placeholders.tsx').then((m) => ({ Component: m.VerificationPlaceholder })),
      },
      {
        path: 'individual-profiles',
        lazy: () =>
          import('../../features/individual-profiles/components/individual-profiles-page.tsx').then((m) => ({
            Component: m.IndividualProfilesPage,
          })),
      },
      {
        path: 'individual-profiles/:individualProfileId',
        lazy: () =>
          import('../../features/individual-profiles/components/individual-profile-page.tsx').then((m) => ({
            Component: m.IndividualProfilePage,
          })),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          {
            path: 'details',
            lazy: () =>
              import('../../features/individual-profiles/components/profile-details-tab.tsx').then((m) => ({
                Component: m.ProfileDetailsTab,
              })),
          },
          {
            path: 'contact',
            lazy: () =>
              import('../../features/individual-profiles/components/profile-contact-tab.tsx').then((m) => ({
                Component: m.ProfileContactTab,
              })),
          },
          {
            path: 'financial-accounts',
            lazy: () =>
              import('../../features/individual-profiles/components/profile-financial-accounts-tab.tsx').then((m) => ({
                Component: m.ProfileFinancialAccountsTab,
              })),
          },
          {
            path: 'identity',
            lazy: () =>
              import('../../features/gov-photo-ids/components/profile-identity-tab.tsx').then((m) => ({ Component: m.ProfileIdentityTab })),
            // identity/create opens the 'Add ID' modal of the tab itself.
            children: [{ path: 'create' }],
          },
        ],
      },
      {
        path: 'financial-accounts',
        lazy: () =>
          import('../../features/financial-accounts/components/financial-accounts-page.tsx').then((m) => ({
            Component: m.FinancialAccountsPage,
          })),
      },
      {
        path: 'legal-entity-profiles',
        lazy: () =>
          import('../../features/legal-entity-profiles/components/legal-entity-profiles-page.tsx').then((m) => ({
            Component: m.LegalEntityProfilesPage,
          })),
      },
      {
        path: 'legal-entity-profiles/:legalEntityProfileId',
        lazy: () =>
          import('../../features/legal-entity-profiles/components/legal-entity-profile-page.tsx').then((m) => ({
            Component: m.LegalEntityProfilePage,
          })),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          {
            path: 'details',
            lazy: () =>
              import('../../features/legal-entity-profiles/components/details-tab.tsx').then((m) => ({
                Component: m.LegalEntityDetailsTab,
              })),
          },
          {
            path: 'ownership',
            lazy: () =>
              import('../../features/legal-entity-profiles/components/ownership-tab.tsx').then((m) => ({
                Component: m.LegalEntityOwnershipTab,
              })),
          },
          {
            path: 'contact',
            lazy: () =>
              import('../../features/legal-entity-profiles/components/contact-tab.tsx').then((m) => ({
                Component: m.LegalEntityContactTab,
              })),
          },
          {
            path: 'financial-accounts',
            lazy: () =>
              import('../../features/legal-entity-profiles/components/placeholder-tab.tsx').then((m) => ({
                Component: m.FinancialAccountsPlaceholder,
              })),
          },
          {
            path: 'legal',
            lazy: () =>
              import('../../features/legal-entity-profiles/components/placeholder-tab.tsx').then((m) => ({
                Component: m.LegalPlaceholder,
              })),
          },
        ],
      },
      // Tabs whose routes are not here yet show the 404 inside the passport layout.
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    path: 'settings',
    lazy: () => import('../../features/account/components/settings-page.tsx').then((m) => ({ Component: m.SettingsPage })),
  },
  ...settingsRedirectRoutes,
  {
    path: 'document',
    lazy: () => import('../../features/documents/components/documents-page.tsx').then((m) => ({ Component: m.DocumentsPage })),
  },
  {
    path: 'document/create',
    lazy: () => import('../../features/documents/components/documents-page.tsx').then((m) => ({ Component: m.DocumentCreatePage })),
  },
  {
    path: 'document/:documentId',
    lazy: () => import('../../features/documents/components/document-page.tsx').then((m) => ({ Component: m.DocumentPage })),
    children: [
      {
        index: true,
        lazy: () =>
          import('../../features/documents/components/document-details-tab.tsx').then((m) => ({ Component: m.DocumentDetailsTab })),
      },
      {
        path: 'history',
        lazy: () =>
          import('../../features/documents/components/document-history-tab.tsx').then((m) => ({ Component: m.DocumentHistoryTab })),
      },
      {
        path: 'access',
        lazy: () => import('../../features/documents/components/document-access-tab.tsx').then((m) => ({ Component: m.DocumentAccessTab })),
      },
    ],
  },
  {
    path: 'admin',
    lazy: () => import('../../features/platform-admin/components/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
    children: [
      {
        index: true,
        lazy: () =>
          import('../../features/platform-admin/components/admin-overview-page.tsx').then((m) => ({ Component: m.AdminOverviewPage })),
      },
      {
        path: 'activity',
        lazy: () => import('../../features/platform-admin/components/activity-page.tsx').then((m) => ({ Component: m.AdminActivityPage })),
      },
      {
        path: 'tenant',
        lazy: () => import('../../features/platform-admin/components/tenants-page.tsx').then((m) => ({ Component: m.TenantsPage })),
      },
      {
        path: 'tenant/create',
        lazy: () =>
          import('../../features/platform-admin/components/tenant-create-page.tsx').then((m) => ({ Component: m.TenantCreatePage })),
      },
      {
        path: 'tenant/:tenantId',
        lazy: () => import('../../features/platform-admin/components/tenant-page.tsx').then((m) => ({ Component: m.AdminTenantPage })),
        children: [
          {
            index: true,
            lazy: () =>
              import('../../features/platform-admin/components/tenant-page.tsx').then((m) => ({ Component: m.AdminTenantDetailsTab })),
          },
          {
            path: 'history',
            lazy: () =>
              import('../../features/platform-admin/components/tenant-page.tsx').then((m) => ({ Component: m.AdminTenantHistoryTab })),
          },
          {
            path: 'access',
            lazy: () =>
              import('../../features/platform-admin/components/tenant-page.tsx').then((m) => ({ Component: m.AdminTenantAccessTab })),
          },
        ],
      },
      {
        path: 'user',
        lazy: () => import('../../features/platform-admin/components/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
      },
      {
        path: 'user/:userId',
        lazy: () => import('../../features/platform-admin/components/user-page.tsx').then((m) => ({ Component: m.AdminUserPage })),
      },
      {
        path: 'application',
        lazy: () =>
          import('../../features/platform-admin/components/applications-page.tsx').then((m) => ({ Component: m.AdminApplicationsPage })),
      },
      {
        path: 'offer',
        lazy: () => import('../../features/platform-admin/components/offers-page.tsx').then((m) => ({ Component: m.AdminOffersPage })),
      },
    ],
  },
  // The tenants the user belongs to, to switch: any signed-in member, so it sits outside the owners' layout below.
  {
    path: 'tenant/list',
    lazy: () => import('../../features/tenant-admin/components/tenant-list-page.tsx').then((m) => ({ Component: m.TenantListPage })),
  },
  {
    // The tenant admin area (owners and platform admins; the layout shows everyone else a refusal).
    path: 'tenant',
    lazy: () => import('../../features/tenant-admin/components/tenant-admin-layout.tsx').then((m) => ({ Component: m.TenantAdminLayout })),
    children: [
      { index: true, element: <Navigate to="/tenant/dashboard" replace /> },
      {
        path: 'dashboard',
        lazy: () =>
          import('../../features/tenant-admin/components/tenant-dashboard-page.tsx').then((m) => ({ Component: m.TenantDashboardPage })),
      },
      {
        path: 'settings',
        lazy: () =>
          import('../../features/tenant-admin/components/tenant-settings-page.tsx').then((m) => ({ Component: m.TenantSettingsPage })),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          {
            path: 'details',
            lazy: () =>
              import('../../features/tenant-admin/components/settings-details-tab.tsx').then((m) => ({
                Component: m.TenantSettingsDetailsTab,
              })),
          },
          {
            path: 'api',
            lazy: () => import('../../features/api-keys/components/api-keys-tab.tsx').then((m) => ({ Component: m.TenantSettingsApiTab })),
          },
          {
            path: 'history',
            lazy: () =>
              import('../../features/tenant-admin/components/settings-history-tab.tsx').then((m) => ({
                Component: m.TenantSettingsHistoryTab,
              })),
          },
        ],
      },
      { path: 'branding', element: <Navigate to="/tenant/branding/theme" replace /> },
      {
        path: 'branding/theme',
        lazy: () => import('../../features/branding/components/theme-form.tsx').then((m) => ({ Component: m.BrandingThemePage })),
      },
      {
        path: 'branding/media',
        lazy: () => import('../../features/branding/components/media-page.tsx').then((m) => ({ Component: m.BrandingMediaPage })),
      },
      {
        path: 'branding/messaging',
        lazy: () => import('../../features/branding/components/messaging-form.tsx').then((m) => ({ Component: m.BrandingMessagingPage })),
      },
      {
        path: 'docs',
        lazy: () => import('../../features/api-docs/components/api-docs-page.tsx').then((m) => ({ Component: m.ApiDocsPage })),
        children: [
          {
            index: true,
            lazy: () => import('../../features/api-docs/components/api-docs-page.tsx').then((m) => ({ Component: m.ApiDocsIntro })),
          },
          {
            path: 'api/:groupId/:endpointId',
            lazy: () => import('../../features/api-docs/components/api-endpoint-page.tsx').then((m) => ({ Component: m.ApiEndpointPage })),
          },
        ],
      },
      { path: 'membership', element: <Navigate to="/tenant/membership/members" replace /> },
      {
        path: 'membership/members',
        lazy: () => import('../../features/members/components/members-page.tsx').then((m) => ({ Component: m.MembersPage })),
      },
      {
        path: 'membership/members/:memberId',
        lazy: () => import('../../features/members/components/member-page.tsx').then((m) => ({ Component: m.MemberPage })),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          {
            path: 'details',
            lazy: () => import('../../features/members/components/member-details-tab.tsx').then((m) => ({ Component: m.MemberDetailsTab })),
          },
          {
            path: 'history',
            lazy: () => import('../../features/members/components/member-history-tab.tsx').then((m) => ({ Component: m.MemberHistoryTab })),
          },
          {
            path: 'access',
            lazy: () => import('../../features/groups/components/member-access-tab.tsx').then((m) => ({ Component: m.MemberAccessTab })),
          },
        ],
      },
      {
        path: 'membership/groups',
        lazy: () => import('../../features/groups/components/groups-page.tsx').then((m) => ({ Component: m.GroupsPage })),
      },
      {
        path: 'membership/groups/:groupId',
        lazy: () => import('../../features/groups/components/group-page.tsx').then((m) => ({ Component: m.GroupPage })),
        children: [
          { index: true, element: <Navigate to="details" replace /> },
          {
            path: 'details',
            lazy: () => import('../../features/groups/components/group-details-tab.tsx').then((m) => ({ Component: m.GroupDetailsTab })),
          },
          {
            path: 'history',
            lazy: () => import('../../features/groups/components/group-history-tab.tsx').then((m) => ({ Component: m.GroupHistoryTab })),
          },
          {
            path: 'access',
            lazy: () => import('../../features/groups/components/group-access-tab.tsx').then((m) => ({ Component: m.GroupAccessTab })),
          },
        ],
      },
      // The tenant's marketplace: its institutions and offers (Raise mode screens, for the owners).
      { path: 'marketplace', element: <Navigate to="/tenant/marketplace/institutions" replace /> },
      {
        path: 'marketplace/institutions',
        lazy: () =>
          import('../../features/institutions/components/institutions-page.tsx').then((m) => ({ Component: m.TenantInstitutionsPage })),
      },
      {
        path: 'marketplace/institutions/:tenantInstitutionId',
        lazy: () =>
          import('../../features/institutions/components/tenant-institution-page.tsx').then((m) => ({
            Component: m.TenantInstitutionPage,
          })),
        children: [
          { index: true, element: <Navigate to="dashboard" replace /> },
          {
            path: 'dashboard',
            lazy: () =>
              import('../../features/institution-dashboard/components/institution-dashboard.tsx').then((m) => ({
                Component: m.InstitutionDashboard,
              })),
          },
          {
            path: 'offers',
            lazy: () => import('../../features/offers/components/offers-page.tsx').then((m) => ({ Component: m.InstitutionOffersTab })),
          },
          {
            path: 'billing',
            lazy: () =>
              import('../../features/institutions/components/institution-billing-tab.tsx').then((m) => ({
                Component: m.InstitutionBillingTab,
              })),
          },
          ...institutionSettingsTabs,
        ],
      },
      {
        path: 'marketplace/offers',
        lazy: () => import('../../features/offers/components/offers-page.tsx').then((m) => ({ Component: m.OffersPage })),
      },
      {
        path: 'marketplace/settings',
        lazy: () =>
          import('../../features/marketplace-settings/components/marketplace-settings-page.tsx').then((m) => ({
            Component: m.MarketplaceSettingsPage,
          })),
      },
      {
        path: 'marketplace/offers/:tenantOfferId',
        lazy: () => import('../../features/offers/components/offer-page.tsx').then((m) => ({ Component: m.OfferPage })),
        children: offerTabs,
      },
      // Pages whose routes are not here yet show the 404 inside the tenant admin layout.
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    // Raise mode (002 §2 institution area): the layout sends investor-mode users to their dashboard and
    // users without a picked institution to the list.
    path: 'institution',
    lazy: () => import('../../features/raise/components/institution-layout.tsx').then((m) => ({ Component: m.InstitutionLayout })),
    children: [
      { index: true, element: <Navigate to="dashboard" replace /> },
      {
        path: 'list',
        lazy: () => import('../../features/raise/components/institution-list-page.tsx').then((m) => ({ Component: m.InstitutionListPage })),
      },
      {
        path: 'dashboard',
        lazy: () =>
          import('../../features/institution-dashboard/components/institution-dashboard.tsx').then((m) => ({
            Component: m.InstitutionDashboardPage,
          })),
      },
      { path: 'offers', lazy: () => import('../../features/offers/components/offers-page.tsx').then((m) => ({ Component: m.OffersPage })) },
      {
        path: 'offers/:tenantOfferId',
        lazy: () => import('../../features/offers/components/offer-page.tsx').then((m) => ({ Component: m.OfferPage })),
        children: offerTabs,
      },
      {
        path: 'settings',
        lazy: () =>
          import('../../features/institutions/components/institution-settings-page.tsx').then((m) => ({
            Component: m.InstitutionSettingsPage,
          })),
        children: [{ index: true, element: <Navigate to="details" replace /> }, ...institutionSettingsTabs],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
