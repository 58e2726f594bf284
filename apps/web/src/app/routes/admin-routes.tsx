import type { RouteObject } from 'react-router';
import { lazyPage, page } from './lazy-page.ts';

/** The platform admin area, loaded on the first visit to an address under /admin (router.tsx). */
export const adminRoutes: RouteObject[] = [
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
];
