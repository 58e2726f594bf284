import { screen, within } from '@testing-library/react';
import type { TenantDashboard } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blockingViolations } from '../../../test/axe.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAnalyticsSeries, TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MarketplaceDashboardPage } from './marketplace-dashboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const OFFER = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const INSTITUTION = 'b2b2b2b2b2b2b2b2b2b2b2b2';
const counts = { impressions: 12, visitors: 4, views: 7, documentViews: 2, documentDownloads: 1, ctaClicks: 3 };

function dashboard(n: number, busy: boolean): TenantDashboard {
  return {
    members: { total: 1, byStatus: { active: 1, invited: 0, 'invite-rejected': 0, requested: 0, 'request-denied': 0, suspended: 0 } },
    newMembers: { days: 30, series: [] },
    offers: 1,
    institutions: 1,
    recentActivity: [],
    analytics: makeAnalyticsSeries(n, busy ? counts : {}),
    topOffers: busy ? [{ _id: OFFER, name: 'Harbor Lofts', totals: counts }] : [],
    topInstitutions: busy ? [{ _id: INSTITUTION, name: 'Harbor Fund', totals: counts }] : [],
  };
}

function setup(answer: (query: URLSearchParams) => Response, path = '/tenant/marketplace/dashboard') {
  const fetchMock = mockFetch((p, _init, url) =>
    p === `/api/v1/tenant/${TENANT_ID}/dashboard` ? answer(new URL(url, 'http://localhost').searchParams) : jsonResponse({}, 404),
  );
  const queries = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/dashboard'))
      .map((u) => u.searchParams);
  return {
    ...renderRoutes([{ path: '/tenant/marketplace/dashboard', element: <MarketplaceDashboardPage /> }], { initialEntries: [path] }),
    queries,
  };
}

describe('marketplace dashboard', () => {
  it('shows the last month by day, its totals and the top offers and institutions, and asks again for a preset', async () => {
    const { user, queries } = setup((q) => jsonResponse({ data: dashboard(q.get('scale') === 'hour' ? 24 : 30, true) }));
    expect(await screen.findByRole('heading', { name: 'Marketplace dashboard' })).toBeInTheDocument();
    const first = queries()[0]!;
    expect(first.get('scale')).toBe('day');
    expect(new Date(first.get('end')!).getTime() - new Date(first.get('start')!).getTime()).toBeGreaterThan(28 * 86_400_000);
    expect(await screen.findByText('Last 1 month')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 month' })).toHaveAttribute('aria-pressed', 'true');
    const totals = screen.getAllByText('Unique visitors')[0]!.closest('div')!;
    expect(totals).toHaveTextContent('4');
    const top = screen.getByRole('table', { name: 'Top offers' });
    expect(within(top).getByRole('link', { name: 'Harbor Lofts' })).toHaveAttribute('href', `/tenant/marketplace/offers/${OFFER}`);
    expect(within(screen.getByRole('table', { name: 'Top institutions' })).getByRole('link', { name: 'Harbor Fund' })).toHaveAttribute(
      'href',
      `/tenant/marketplace/institutions/${INSTITUTION}`,
    );
    expect(await blockingViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: '24 hrs' }));
    await vi.waitFor(() => expect(queries().at(-1)!.get('scale')).toBe('hour'));
    expect(await screen.findByText('Last 24 hrs')).toBeInTheDocument();
  });

  it('takes a custom period of whole UTC days from the address and the form', async () => {
    const { user, queries } = setup(
      () => jsonResponse({ data: dashboard(3, false) }),
      '/tenant/marketplace/dashboard?from=2026-03-01&to=2026-03-03&scale=day',
    );
    expect(await screen.findByText('2026-03-01 to 2026-03-03 (UTC)')).toBeInTheDocument();
    expect(queries()[0]!.get('start')).toBe('2026-03-01T00:00:00.000Z');
    expect(queries()[0]!.get('end')).toBe('2026-03-03T23:59:59.999Z');
    // Nothing happened: said plainly, and no table of nobody.
    expect(screen.getByText('No marketplace activity in this period: nobody has seen an offer yet.')).toBeInTheDocument();
    expect(screen.getByText('No offer was seen in this period.')).toBeInTheDocument();

    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-05');
    expect(screen.getByText('To must be on or after From')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.clear(from);
    await user.type(from, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(queries().at(-1)!.get('start')).toBe('2026-02-01T00:00:00.000Z'));
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? jsonResponse({ error: { type: 'internal', name: 'InternalError', message: 'Something broke', status: 500 } }, 500)
        : jsonResponse({ data: dashboard(30, true) }),
    );
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('table', { name: 'Top offers' })).toBeInTheDocument();
  });
});
