import { screen, waitFor, within } from '@testing-library/react';
import { type Institution, type InstitutionDashboard as Dashboard, type OfferSummary, type TenantMember } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAnalyticsSeries, makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { InstitutionDashboard, InstitutionDashboardPage, institutionDashboardLoader } from './institution-dashboard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
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
  rbac: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', role: 'owner', attributes: {}, expiresAt: null },
  preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: 'institution', institution: ID },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const INSTITUTION: Institution = {
  _id: ID,
  name: 'Harbor Fund',
  slug: 'harbor-fund',
  type: 'fund',
  description: null,
  descriptionShort: 'Harbor',
  customMetrics: [],
  images: [],
  videos: [],
  contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
  logoUrl: null,
  offersCount: 4,
  isTeamMember: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: new Date().toISOString(),
};
const OFFER: OfferSummary = {
  _id: 'f1f1f1f1f1f1f1f1f1f1f1f1',
  name: 'Dockside Lofts',
  slug: 'dockside-lofts',
  type: 'value-add',
  assetClass: 'multi-family',
  descriptionShort: 'Lofts by the water',
  openDate: null,
  closeDate: null,
  listingStatus: 'none',
  published: false,
  approvalStatus: 'pending',
  institution: { _id: ID, name: 'Harbor Fund', logoUrl: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  visibilityStatus: 'hidden',
  heroImageUrl: null,
  minimumInvestment: 25000,
  targetIrr: 14.5,
};
const points = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ bucket: new Date(Date.UTC(2026, 2, i + 1)).toISOString(), count: i === n - 1 ? 2 : 0 }));
const dashboard = (n: number, impressions: number): Dashboard => ({
  offers: { total: 4, published: 1, visible: 1 },
  leads: { newInPeriod: 0, series: points(n).map((p) => ({ ...p, count: 0 })), byStatus: { active: 0, invited: 0 } },
  analytics: makeAnalyticsSeries(n, impressions ? { impressions, visitors: 1 } : {}),
});

/** Signs the member in and answers the dashboard's requests. */
function mockApi(leads?: Dashboard['leads'], offers: OfferSummary[] = [OFFER]) {
  sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
  return mockFetch((p) => {
    if (p === `/api/v1/tenant/${TENANT_ID}/institutions/${ID}`) return jsonResponse({ data: INSTITUTION });
    if (p === `/api/v1/tenant/${TENANT_ID}/institutions/${ID}/dashboard`)
      return jsonResponse({ data: { ...dashboard(30, 0), ...(leads && { leads }) } });
    if (p === `/api/v1/tenant/${TENANT_ID}/offers`) return jsonResponse({ data: offers, meta: { page: 1, limit: 3, total: 4 } });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
}

function setup(path: string, leads?: Dashboard['leads']) {
  const fetchMock = mockApi(leads);
  const routes = [
    { path: '/institution/dashboard', element: <InstitutionDashboardPage /> },
    { path: '/tenant/marketplace/institutions/:tenantInstitutionId/dashboard', element: <InstitutionDashboard /> },
  ];
  return { ...renderRoutes(routes, { initialEntries: [path] }), fetchMock };
}

describe('institution dashboard', () => {
  it("starts the picked institution's card, newest offers, their images and 1 month dashboard from the route, before the page renders", async () => {
    const hero = `/api/v1/tenant/${TENANT_ID}/images/a1a1a1a1a1a1a1a1a1a1a1a1`;
    const fetchMock = mockApi(undefined, [
      { ...OFFER, heroImageUrl: hero },
      { ...OFFER, _id: 'f2f2f2f2f2f2f2f2f2f2f2f2' },
    ]);
    const images: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        decoding = '';
        fetchPriority = '';
        set src(url: string) {
          images.push(url);
        }
      },
    );
    await institutionDashboardLoader();
    // The offer image, the page's largest paint on a phone, starts with the list's answer.
    expect(images).toEqual([hero]);
    const asked = fetchMock.mock.calls.map(([u]) => String(u));
    expect(asked).toContain(`/api/v1/tenant/${TENANT_ID}/institutions/${ID}`);
    expect(asked.find((u) => u.includes('/offers?'))).toMatch(new RegExp(`institution=${ID}.*limit=3|limit=3.*institution=${ID}`));
    expect(asked.find((u) => u.includes('/dashboard?'))).toMatch(/scale=day/);
    // The answers wait in the app's cache, under the keys the page's hooks read.
    expect(queryClient.getQueryData(['tenant-institutions', TENANT_ID, 'detail', ID])).toMatchObject({ name: 'Harbor Fund' });
    queryClient.clear();
  });

  it('asks for nothing when no institution is picked', async () => {
    const fetchMock = mockApi();
    sessionStore.signIn({ ...makeAuthResult(), tenantMember: { ...member, preferences: { ...member.preferences, institution: null } } });
    await expect(institutionDashboardLoader()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the picked institution, its offers and honest zero states, in the 1 month window by default', async () => {
    const { fetchMock } = setup('/institution/dashboard');
    expect(await screen.findByRole('heading', { name: 'Harbor Fund' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: /Marketplace Profile/ })).toHaveAttribute('href', `/marketplace/institutions/${ID}`);
    expect(screen.getByRole('link', { name: /Marketplace Profile/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/institution/settings/team');
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/institution/settings/history');
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/institution/leads');
    expect(await screen.findByRole('link', { name: /Dockside Lofts/ })).toHaveAttribute(
      'href',
      '/institution/offers/f1f1f1f1f1f1f1f1f1f1f1f1',
    );
    expect(screen.getByRole('link', { name: 'View All (4)' })).toHaveAttribute('href', '/institution/offers');
    expect(screen.getByRole('link', { name: 'Create Offer' })).toHaveAttribute('href', '/institution/offers?modal=create');
    expect(await screen.findByText('No leads yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/institution/leads');
    expect(screen.getByText('No offer page activity in this period yet')).toBeInTheDocument();
    const offersCall = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/offers?'));
    expect(offersCall).toMatch(new RegExp(`institution=${ID}`));
    expect(offersCall).toMatch(/limit=3/);
    const dashboardCall = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/dashboard?'));
    expect(dashboardCall).toMatch(/scale=day/);
  });

  it('asks for hourly buckets for 24 hrs, and serves the tenant area with the institution of the address', async () => {
    const { user, fetchMock } = setup(`/tenant/marketplace/institutions/${ID}/dashboard`);
    expect(await screen.findByRole('heading', { name: 'Harbor Fund' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('href', `/tenant/marketplace/institutions/${ID}/team`);
    // The lead list is the institution team's, in Raise mode.
    expect(screen.getByRole('button', { name: 'Leads' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '24 hrs' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u)).some((u) => u.includes('scale=hour'))).toBe(true));
    expect(await screen.findByRole('list', { name: 'Leads by status' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Leads by status' })).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Leads by status' })).getByText('No account')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
  });

  it("counts the leads per account status in the lead list's words, and says when none arrived in the window", async () => {
    const byStatus = { active: 2, invited: 1, 'invite-rejected': 0, requested: 0, 'request-denied': 0, suspended: 0, none: 5 };
    setup('/institution/dashboard', { newInPeriod: 0, series: points(30).map((p) => ({ ...p, count: 0 })), byStatus });
    const legend = await screen.findByRole('list', { name: 'Leads by status' });
    const item = (label: string) => within(legend).getByText(label).closest('li') as HTMLElement;
    expect(item('No account')).toHaveTextContent('5');
    expect(item('Active')).toHaveTextContent('2');
    expect(screen.getByText('No new leads in this period')).toBeInTheDocument();
    expect(screen.queryByText('No leads yet')).not.toBeInTheDocument();
    expect(screen.getByText('0 new leads · Last 1 month')).toBeInTheDocument();
  });
});
