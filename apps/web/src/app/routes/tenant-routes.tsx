import { Navigate, type RouteObject } from 'react-router';
import { lazyPage, page } from './lazy-page.ts';
import { NotFoundPage } from './not-found.tsx';
import { institutionSettingsTabs, offerTabs } from './shared-tabs.tsx';

/** The tenant's pages (its list for every member, the owners' admin area), loaded on the first visit under /tenant (router.tsx). */
export const tenantRoutes: RouteObject[] = [
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
];
