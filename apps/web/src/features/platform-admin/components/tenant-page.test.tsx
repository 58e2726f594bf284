import { screen, waitFor, within } from '@testing-library/react';
import type { AdminTenant, TenantDetails, TimelineEvent } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { AdminActivityPage } from './activity-page.tsx';
import { AdminTenantAccessTab, AdminTenantDetailsTab, AdminTenantHistoryTab, AdminTenantPage } from './tenant-page.tsx';

const GLOBEX = 'd4d4d4d4d4d4d4d4d4d4d4d4';
const NOW = '2026-03-01T00:00:00.000Z';
const TENANT: AdminTenant = {
  _id: GLOBEX,
  slug: 'globex',
  name: 'Globex Partners',
  description: null,
  website: 'https://globex.example',
  verificationStatus: 'not-started',
  memberCount: 2,
  createdAt: NOW,
  updatedAt: NOW,
};
const details = (verificationStatus: TenantDetails['verificationStatus']): TenantDetails => ({
  _id: GLOBEX,
  slug: 'globex',
  name: 'Globex Partners',
  description: null,
  website: null,
  verificationStatus,
  supportEmail: null,
  highMinimumPath: false,
  contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
  createdAt: NOW,
  updatedAt: NOW,
});
const event = (overrides: Partial<TimelineEvent>): TimelineEvent => ({
  _id: 'e5e5e5e5e5e5e5e5e5e5e5e5',
  type: 'status',
  entity: GLOBEX,
  entityType: 'tenant',
  message: 'Tenant Globex Partners verification updated',
  user: USER_ID,
  userName: 'Ada Lovelace',
  meta: { change: { verificationStatus: { old: 'not-started', new: 'approved' } } },
  refs: [],
  createdAt: new Date().toISOString(),
  ...overrides,
});
const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

beforeEach(() => {
  const result = makeAuthResult();
  sessionStore.signIn({ ...result, user: { ...result.user, role: 'admin' } });
});
afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

const routes = [
  {
    path: '/admin/tenant/:tenantId',
    element: <AdminTenantPage />,
    children: [
      { index: true, element: <AdminTenantDetailsTab /> },
      { path: 'history', element: <AdminTenantHistoryTab /> },
      { path: 'access', element: <AdminTenantAccessTab /> },
    ],
  },
];

function setup(path: string, put: () => Response = () => jsonResponse({ data: details('approved') })) {
  let tenant = TENANT;
  const fetchMock = mockFetch((p, init) => {
    if (init?.method === 'PUT' && p === `/api/v1/tenant/${GLOBEX}/verification`) {
      const res = put();
      if (res.ok) tenant = { ...tenant, verificationStatus: 'approved' };
      return res;
    }
    if (p === `/api/v1/tenant/${GLOBEX}`) return jsonResponse({ data: tenant });
    if (p === `/api/v1/admin/tenant/${GLOBEX}/events`) return jsonResponse({ data: [event({})], meta: { page: 1, limit: 20, total: 1 } });
    if (p === `/api/v1/admin/tenant/${GLOBEX}/members`) {
      return jsonResponse({
        data: [
          {
            _id: 'f6f6f6f6f6f6f6f6f6f6f6f6',
            user: USER_ID,
            email: 'olive@globex.example',
            firstname: 'Olive',
            lastname: 'Owner',
            role: 'owner',
            membershipStatus: 'active',
            createdAt: NOW,
          },
        ],
        meta: { page: 1, limit: 20, total: 1 },
      });
    }
    return notFound();
  });
  return { ...renderRoutes(routes, { initialEntries: [path], tenant: { tenantId: TENANT_ID } }), fetchMock };
}

describe('AdminTenantPage', { timeout: 20_000 }, () => {
  it('shows the details and saves a new verification status with a toast', async () => {
    const { user, fetchMock } = setup(`/admin/tenant/${GLOBEX}`);
    expect(await screen.findByRole('heading', { name: 'Globex Partners' })).toBeInTheDocument();
    expect(screen.getByText('https://globex.example')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Verification status' }));
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText('Verification status updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/tenant/${GLOBEX}/verification`)).toEqual([{ verificationStatus: 'approved' }]);
    // The tenant is read again, so the saved value is what the select shows and Save is off again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('combobox', { name: 'Verification status' })).toHaveTextContent('Approved');
  });

  it("toasts the server's message when the verification cannot be saved", async () => {
    const { user } = setup(`/admin/tenant/${GLOBEX}`, () =>
      jsonResponse({ error: { type: 'forbidden', name: 'ForbiddenError', message: 'Only platform admins can do this', status: 403 } }, 403),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Verification status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update verification status: Only platform admins can do this')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Verification status' })).toHaveTextContent('Rejected');
  });

  it('shows the history in the timeline view and the members on Access', async () => {
    const { user } = setup(`/admin/tenant/${GLOBEX}/history`);
    expect(await screen.findByText('Tenant Globex Partners verification updated')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 events')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Access' }));
    const grid = await screen.findByRole('grid', { name: 'Members' });
    expect(await within(grid).findByText('olive@globex.example')).toBeInTheDocument();
    expect(within(grid).getByText('Olive Owner')).toBeInTheDocument();
  });
});

describe('AdminActivityPage', () => {
  it('shows the platform timeline from GET admin/events', async () => {
    const fetchMock = mockFetch((p) =>
      p === '/api/v1/admin/events'
        ? jsonResponse({
            data: [
              event({
                type: 'delete',
                entityType: 'tenant',
                message: 'Ada Lovelace deleted the tenant Initech',
                meta: { delete: { name: 'Initech' } },
              }),
            ],
            meta: { page: 1, limit: 20, total: 1 },
          })
        : notFound(),
    );
    renderRoutes([{ path: '/admin/activity', element: <AdminActivityPage /> }], { initialEntries: ['/admin/activity'] });
    expect(await screen.findByText('Ada Lovelace deleted the tenant Initech')).toBeInTheDocument();
    const [url] = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname === '/api/v1/admin/events');
    expect(Object.fromEntries(url!.searchParams)).toEqual({ page: '1', limit: '20', sort: 'createdAt', direction: 'desc' });
  });
});
