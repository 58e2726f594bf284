import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { AdminOffersPage } from './offers-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const OFFER = {
  _id: 'a1a1a1a1a1a1a1a1a1a1a1a1',
  tenant: 'b2b2b2b2b2b2b2b2b2b2b2b2',
  tenantSlug: 'acme',
  tenantName: 'Acme Capital',
  name: 'Harbor Lofts',
  slug: 'harbor-lofts',
  institution: { _id: 'c3c3c3c3c3c3c3c3c3c3c3c3', name: 'Acme Fund I' },
  approvalStatus: 'approved',
  published: true,
  visibilityStatus: 'visible',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('AdminOffersPage', () => {
  it("lists every tenant's offers with tenant, institution and lifecycle, and opens the tenant on a row click", async () => {
    mockFetch((path) =>
      path === '/api/v1/admin/offer' ? jsonResponse({ data: [OFFER], meta: { page: 1, limit: 20, total: 1 } }) : jsonResponse({}, 404),
    );
    const { user, router } = renderRoutes(
      [
        { path: '/admin/offer', element: <AdminOffersPage /> },
        { path: '/admin/tenant/:id', element: <p>tenant page</p> },
      ],
      {
        initialEntries: ['/admin/offer'],
      },
    );
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    const row = (await within(grid).findByText('Harbor Lofts')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Acme Capital')).toBeInTheDocument();
    expect(within(row).getByText('Acme Fund I')).toBeInTheDocument();
    expect(within(row).getByText('Approved')).toBeInTheDocument();
    expect(within(row).getByText('Visible')).toBeInTheDocument();
    await user.click(within(row).getByText('Harbor Lofts'));
    expect(router.state.location.pathname).toBe(`/admin/tenant/${OFFER.tenant}`);
  });
});
