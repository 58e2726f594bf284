import { screen, within } from '@testing-library/react';
import type { TenantDashboard, TenantDetails, TenantMember, TenantRole } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAnalyticsSeries, makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { UserMenu } from '../../../app/layouts/user-menu.tsx';
import { signedInRoutes } from '../../../app/routes/signed-in-routes.tsx';
import { TenantSettingsDetailsTab } from './settings-details-tab.tsx';
import { TenantAdminLayout } from './tenant-admin-layout.tsx';
import { TenantDashboardPage } from './tenant-dashboard-page.tsx';
import { TenantSettingsPage } from './tenant-settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

function signInAs(role: TenantRole) {
  const member: TenantMember = {
    _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
    tenant: TENANT_ID,
    user: USER_ID,
    firstname: 'Ada',
    middlename: null,
    lastname: 'Lovelace',
    email: 'ada@example.com',
    image: null,
    tags: [],
    groups: [],
    membershipStatus: 'active',
    rbac: {
      _id: 'e5e5e5e5e5e5e5e5e5e5e5e5',
      role,
      attributes: { 'institution:manage': true, 'investment:make': true, 'marketplace:view': true },
      expiresAt: null,
    },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
}

const DETAILS: TenantDetails = {
  _id: TENANT_ID,
  slug: 'demo',
  name: 'Tessera Demo',
  description: null,
  website: null,
  contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
  verificationStatus: 'approved',
  supportEmail: null,
  highMinimumPath: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const DASHBOARD: TenantDashboard = {
  members: { total: 5, byStatus: { active: 3, invited: 1, 'invite-rejected': 0, requested: 0, 'request-denied': 0, suspended: 1 } },
  newMembers: {
    days: 30,
    series: Array.from({ length: 30 }, (_, i) => ({ date: `2026-03-${String(i + 1).padStart(2, '0')}`, count: i === 29 ? 2 : 0 })),
  },
  offers: 0,
  institutions: 0,
  analytics: makeAnalyticsSeries(30),
  topOffers: [],
  topInstitutions: [],
  recentActivity: [
    {
      _id: 'f6f6f6f6f6f6f6f6f6f6f6f6',
      type: 'update',
      entity: TENANT_ID,
      entityType: 'tenant',
      message: 'Tenant Tessera Demo details updated',
      user: USER_ID,
      userName: 'Ada Lovelace',
      meta: {},
      refs: [],
      createdAt: new Date().toISOString(),
    },
  ],
};

const routes = [
  {
    path: '/tenant',
    element: <TenantAdminLayout />,
    children: [
      { path: 'dashboard', element: <TenantDashboardPage /> },
      { path: 'settings', element: <TenantSettingsPage />, children: [{ path: 'details', element: <TenantSettingsDetailsTab /> }] },
    ],
  },
];

function setup(path: string, put: (body: unknown) => Response = () => jsonResponse({ data: DETAILS })) {
  const fetchMock = mockFetch((p, init) => {
    if (init?.method === 'PUT') return put(JSON.parse(String(init.body)));
    if (p === `/api/v1/tenant/${TENANT_ID}/details`) return jsonResponse({ data: DETAILS });
    if (p === `/api/v1/tenant/${TENANT_ID}/security-policy`) return jsonResponse({ data: { requireMfa: false } });
    if (p === `/api/v1/tenant/${TENANT_ID}/dashboard`) return jsonResponse({ data: DASHBOARD });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  return { ...renderRoutes(routes, { initialEntries: [path] }), fetchMock };
}

describe('tenant admin area', () => {
  it('refuses anyone who is not an owner', async () => {
    signInAs('investor');
    setup('/tenant/dashboard');
    expect(await screen.findByRole('heading', { name: 'You need to be an owner of this tenant' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tenant admin' })).not.toBeInTheDocument();
  });

  it('shows an owner the navigation (a drawer on a narrow screen) and the dashboard counts', async () => {
    signInAs('owner');
    const { user } = setup('/tenant/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open tenant admin menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Tenant admin' });
    for (const label of ['Dashboard', 'Theme', 'Media', 'Messaging', 'Members', 'Groups', 'Settings', 'Docs', 'Switch tenant']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('{Escape}');
    const byStatus = await screen.findByRole('list', { name: 'Members by status' });
    expect(within(byStatus).getByText('Active').closest('li')).toHaveTextContent('3');
    expect(within(byStatus).getByText('Suspended').closest('li')).toHaveTextContent('1');
    expect(screen.getByText('5 members')).toBeInTheDocument();
    expect(screen.getByText('2 in the last 30 days')).toBeInTheDocument();
    expect(screen.getByText('Tenant Tessera Demo details updated')).toBeInTheDocument();
    expect(screen.getByText(/Ada Lovelace · .*ago/)).toBeInTheDocument();
  });

  it("saves the details with 'Tenant details updated' and shows the verification status", async () => {
    signInAs('owner');
    const sent: unknown[] = [];
    const { user } = setup('/tenant/settings/details', (body) => {
      sent.push(body);
      return jsonResponse({ data: { ...DETAILS, ...(body as object) } });
    });
    expect(await screen.findByText('Verification: Approved')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'API' })).toHaveAttribute('href', '/tenant/settings/api');
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    await fill(user, screen.getByLabelText('Description'), 'Private markets for everyone');
    await user.click(update);
    expect(await screen.findByText('Tenant details updated')).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'Tessera Demo', description: 'Private markets for everyone', website: null, supportEmail: null, highMinimumPath: false },
    ]);
  });

  it('sets the support email and turns on the high-minimum path, explaining the SEC staff letter', async () => {
    signInAs('owner');
    const sent: unknown[] = [];
    const { user } = setup('/tenant/settings/details', (body) => {
      sent.push(body);
      return jsonResponse({ data: { ...DETAILS, ...(body as object) } });
    });
    const path = await screen.findByRole('switch', { name: 'Allow the high-minimum-investment path' });
    expect(path).not.toBeChecked();
    expect(path).toHaveAccessibleDescription(
      /no-action letter of 12 March 2025.*at least \$200,000 for an individual \(\$1,000,000 for an entity\)/,
    );
    const email = screen.getByLabelText('Support email');
    await fill(user, email, 'help@');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(email);
    await fill(user, email, 'Help@Demo.example');
    await user.click(path);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Tenant details updated')).toBeInTheDocument();
    expect(sent).toEqual([
      { name: 'Tessera Demo', description: null, website: null, supportEmail: 'help@demo.example', highMinimumPath: true },
    ]);
    expect(screen.getByRole('switch', { name: 'Allow the high-minimum-investment path' })).toBeChecked();
  });

  it("requires two-step verification of owners and team members when switched, with 'Security settings updated'", async () => {
    signInAs('owner');
    const sent: unknown[] = [];
    const { user, fetchMock } = setup('/tenant/settings/details', (body) => {
      sent.push(body);
      return jsonResponse({ data: body });
    });
    const security = await screen.findByRole('region', { name: 'Security' });
    const require = await within(security).findByRole('switch', { name: 'Require two-step verification for owners and team members' });
    expect(require).not.toBeChecked();
    await user.click(require);
    expect(await screen.findByText('Security settings updated')).toBeInTheDocument();
    expect(sent).toEqual([{ requireMfa: true }]);
    expect(require).toBeChecked();
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual([
      `/api/v1/tenant/${TENANT_ID}/security-policy`,
    ]);
  });

  it('shows the server message when the save fails and refuses a bad website before sending', async () => {
    signInAs('owner');
    const put = vi.fn(() =>
      jsonResponse({ error: { type: 'validation', name: 'ValidationError', message: 'body.name: Name is taken', status: 400 } }, 400),
    );
    const { user } = setup('/tenant/settings/details', put);
    const website = await screen.findByLabelText('Website');
    await fill(user, website, 'acme.example');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Enter a full web address starting with http:// or https://')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await user.clear(website);
    await fill(user, website, 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('body.name: Name is taken')).toBeInTheDocument();
    expect(website).toHaveValue('https://acme.example');
  });
});

describe('/tenant/list', { timeout: 20_000 }, () => {
  it("opens for any signed-in member (not only owners), listing their tenants with each one's address", async () => {
    signInAs('investor');
    mockFetch((path) =>
      path === '/api/v1/tenant/mine'
        ? jsonResponse({
            data: [
              { _id: TENANT_ID, slug: 'demo', name: 'Tessera Demo', role: 'investor', current: true, url: 'http://demo.localhost:3000' },
              {
                _id: 'c3c3c3c3c3c3c3c3c3c3c3c3',
                slug: 'northwind',
                name: 'Northwind',
                role: 'member',
                current: false,
                url: 'http://northwind.localhost:3000',
              },
            ],
          })
        : jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404),
    );
    // The app's own route table: the page must not sit behind the owners' layout.
    renderRoutes([{ path: '/', hydrateFallbackElement: <p>Loading</p>, children: signedInRoutes }], { initialEntries: ['/tenant/list'] });
    expect(await screen.findByRole('heading', { name: 'Your tenants' })).toBeInTheDocument();
    expect(screen.queryByText('You need to be an owner of this tenant')).not.toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your tenants' });
    expect(within(list).getByText('Current')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'demo.localhost:3000' })).toHaveAttribute('href', 'http://demo.localhost:3000');
    expect(within(list).getByRole('link', { name: 'Switch to Northwind' })).toHaveAttribute('href', 'http://northwind.localhost:3000');
    expect(within(list).getByRole('link', { name: 'northwind.localhost:3000' })).toHaveAttribute('href', 'http://northwind.localhost:3000');
  });

  it("is in every member's account menu, beside the owners' Tenant admin", async () => {
    // The menu is a lazy chunk; loading it up front keeps a busy machine's first import out of findBy's wait.
    await import('../../../app/layouts/account-menu.tsx');
    signInAs('investor');
    mockFetch(() => jsonResponse({}, 404));
    const { user } = renderRoutes([{ path: '/', element: <UserMenu /> }]);
    await user.click(await screen.findByRole('button', { name: /Account menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'Switch tenant' })).toHaveAttribute('href', '/tenant/list');
    expect(screen.queryByRole('menuitem', { name: 'Tenant admin' })).not.toBeInTheDocument();
  });
});
