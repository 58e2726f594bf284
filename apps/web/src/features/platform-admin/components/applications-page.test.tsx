import { screen, waitFor, within } from '@testing-library/react';
import type { AdminApplicationItem } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AdminApplicationsPage } from './applications-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ACME = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const GLOBEX = 'b2b2b2b2b2b2b2b2b2b2b2b2';
const row = (overrides: Partial<AdminApplicationItem>): AdminApplicationItem => ({
  _id: 'c3c3c3c3c3c3c3c3c3c3c3c3',
  tenant: ACME,
  tenantSlug: 'acme',
  tenantName: 'Acme Capital',
  type: 'accreditation',
  status: 'submitted',
  user: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  userEmail: 'ada@example.com',
  userName: 'Ada Lovelace',
  business: null,
  reviewedAt: null,
  reviewedBy: null,
  approvalDoc: null,
  reviewNote: null,
  expiresAt: null,
  expired: false,
  verificationMethod: null,
  certificateCode: null,
  renewedFrom: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-02T00:00:00.000Z',
  ...overrides,
});
const APPLICATIONS = [
  row({}),
  row({
    _id: 'e5e5e5e5e5e5e5e5e5e5e5e5',
    tenant: GLOBEX,
    tenantSlug: 'globex',
    tenantName: 'Globex Partners',
    status: 'approved',
    user: 'f6f6f6f6f6f6f6f6f6f6f6f6',
    userEmail: 'gus@example.com',
    userName: 'Gus Globex',
    reviewedAt: '2026-03-05T00:00:00.000Z',
  }),
];

/** The query of every application list request, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/application')
    .map((url) => Object.fromEntries(url.searchParams));

function setup(rows: AdminApplicationItem[], initial = '/admin/application', total = rows.length) {
  const fetchMock = mockFetch((path) => {
    if (path === '/api/v1/admin/application') return jsonResponse({ data: rows, meta: { page: 1, limit: 20, total } });
    if (path === '/api/v1/tenant') return jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const rendered = renderRoutes(
    [
      { path: '/admin/application', element: <AdminApplicationsPage /> },
      { path: '/admin/user/:userId', element: <p>user page</p> },
    ],
    { initialEntries: [initial] },
  );
  return { ...rendered, fetchMock };
}

describe('AdminApplicationsPage', { timeout: 20_000 }, () => {
  it('lists applications of every tenant with tenant, applicant and a status dot, paged on the server newest first', async () => {
    const { user, router, fetchMock } = setup(APPLICATIONS, '/admin/application', 45);
    const grid = await screen.findByRole('grid', { name: 'Applications' });
    const first = (await within(grid).findByText('ada@example.com')).closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Acme Capital')).toBeInTheDocument();
    expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(first).getByText('Submitted')).toBeInTheDocument();
    expect(within(first).getByText('Accreditation')).toBeInTheDocument();
    const second = within(grid).getByText('gus@example.com').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByText('Globex Partners')).toBeInTheDocument();
    expect(within(second).getByText('Approved')).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]).toEqual({ page: '1', limit: '20', sort: 'createdAt', direction: 'desc' });
    // 45 on the server: the grid pages through them.
    expect(screen.getByText(/1–20 of 45/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ page: '2' }));

    await user.click(within(first).getByText('ada@example.com'));
    expect(router.state.location.pathname).toBe('/admin/user/d4d4d4d4d4d4d4d4d4d4d4d4');
  });

  it("reads an approval past its year as 'Expired'", async () => {
    setup([row({ status: 'approved', reviewedAt: '2025-03-01T00:00:00.000Z', expiresAt: '2026-03-01T00:00:00.000Z', expired: true })]);
    const grid = await screen.findByRole('grid', { name: 'Applications' });
    const first = (await within(grid).findByText('ada@example.com')).closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Expired')).toBeInTheDocument();
    expect(within(first).queryByText('Approved')).not.toBeInTheDocument();
  });

  it("says 'No applications yet' when there are none", async () => {
    setup([]);
    expect(await screen.findByText('No applications yet')).toBeInTheDocument();
  });

  it('filters by status through the address and the server', async () => {
    const { user, router, fetchMock } = setup([]);
    await screen.findByText('No applications yet');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ status: 'rejected', page: '1' }));
    expect(router.state.location.search).toBe('?status=rejected');
    expect(await screen.findByText('No applications match these filters')).toBeInTheDocument();
  });

  it('reads the tenant and status filters from the address', async () => {
    const { fetchMock } = setup([APPLICATIONS[1]!], `/admin/application?status=approved&tenant=${GLOBEX}`);
    expect(await screen.findByText('gus@example.com')).toBeInTheDocument();
    expect(listQueries(fetchMock)[0]).toMatchObject({ status: 'approved', tenant: GLOBEX });
  });
});
