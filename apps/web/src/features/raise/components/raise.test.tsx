import { screen, waitFor, within } from '@testing-library/react';
import { RAISE_MODE_REFUSED, type Institution, type TenantMember, type TenantRole } from '@tessera/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { InstitutionLayout } from './institution-layout.tsx';
import { InstitutionListPage } from './institution-list-page.tsx';
import { ModeSwitch } from './mode-switch.tsx';
import { NotFoundPage } from '../../../app/routes/not-found.tsx';

// The institution picker is a lazy chunk; loading it once up front keeps a busy machine's first import out of findBy's wait.
beforeAll(async () => {
  await import('./select-institution-dialog.tsx');
}, 30_000);

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const INSTITUTION_ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
const MODE_PATH = `/api/v1/user/${USER_ID}/tenant-member/mode`;

function memberOf(role: TenantRole, manage: boolean, preferences: Partial<TenantMember['preferences']> = {}): TenantMember {
  return {
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
    rbac: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', role, attributes: { 'institution:manage': manage }, expiresAt: null },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null, ...preferences },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
const signInAs = (member: TenantMember) => sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });

const INSTITUTION: Institution = {
  _id: INSTITUTION_ID,
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
  offersCount: 0,
  isTeamMember: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const list = (items: Institution[]) => jsonResponse({ data: items, meta: { page: 1, limit: 5, total: items.length } });

const routes = [
  {
    path: '/',
    element: (
      <>
        <ModeSwitch />
        <p>Investor home</p>
      </>
    ),
  },
  {
    path: '/institution',
    element: (
      <>
        <ModeSwitch />
        <InstitutionLayout />
      </>
    ),
    children: [
      { path: 'list', element: <InstitutionListPage /> },
      { path: 'dashboard', element: <p>Institution dashboard</p> },
      { path: 'offers', element: <p>Offer list page</p> },
      { path: 'offers/:tenantOfferId', element: <p>Offer page</p> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

describe('Invest / Raise switch', () => {
  it('refuses Raise without institution:manage with the exact text and sends nothing', async () => {
    signInAs(memberOf('investor', false));
    const fetchMock = mockFetch(() => jsonResponse({}));
    const { user, router } = renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Raise mode' }));
    expect(await screen.findByText(RAISE_MODE_REFUSED)).toBeInTheDocument();
    expect(sentBodies(fetchMock, MODE_PATH)).toEqual([]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('switches an owner to Raise, asks for an institution, stores the pick and lands on the dashboard', async () => {
    signInAs(memberOf('owner', false));
    const fetchMock = mockFetch((path, init) => {
      if (path === MODE_PATH) {
        const body = JSON.parse(String(init?.body)) as { appMode: 'institution'; institution?: string };
        return jsonResponse({ data: memberOf('owner', false, { appMode: body.appMode, institution: body.institution ?? null }) });
      }
      if (path === `/api/v1/tenant/${TENANT_ID}/institutions`) return list([INSTITUTION]);
      if (path === `/api/v1/tenant/${TENANT_ID}/institutions/${INSTITUTION_ID}`) return jsonResponse({ data: INSTITUTION });
      return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
    });
    const { user, router } = renderRoutes(routes);
    await user.click(screen.getByRole('button', { name: 'Raise mode' }));
    const dialog = await screen.findByRole('dialog', { name: /Select an institution/ });
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /Harbor Fund/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/institution/dashboard'));
    expect(sentBodies(fetchMock, MODE_PATH)).toEqual([{ appMode: 'institution' }, { appMode: 'institution', institution: INSTITUTION_ID }]);
    expect(sessionStore.getState().tenantMember?.preferences).toMatchObject({ appMode: 'institution', institution: INSTITUTION_ID });
    expect(await screen.findByText('Institution dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Raise mode' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('institution area', () => {
  it('sends investor-mode users to the investor dashboard', async () => {
    signInAs(memberOf('owner', true, { appMode: 'investor', institution: INSTITUTION_ID }));
    mockFetch(() => jsonResponse({ data: INSTITUTION }));
    const { router } = renderRoutes(routes, { initialEntries: ['/institution/dashboard'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor/dashboard'));
  });

  it('sends users without a pick to the list, which says when they have no institution at all', async () => {
    signInAs(memberOf('editor', true, { appMode: 'institution' }));
    mockFetch(() => list([]));
    const { router } = renderRoutes(routes, { initialEntries: ['/institution/dashboard'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/institution/list'));
    expect(await screen.findByText("You don't have access to any institutions")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Signin' })).toBeInTheDocument();
  });

  it('shows the side navigation with the picked institution and its lead list', async () => {
    signInAs(memberOf('editor', true, { appMode: 'institution', institution: INSTITUTION_ID }));
    mockFetch(() => jsonResponse({ data: INSTITUTION }));
    const { user } = renderRoutes(routes, { initialEntries: ['/institution/dashboard'] });
    await user.click(await screen.findByRole('button', { name: 'Open institution menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Institution' });
    for (const label of ['Dashboard', 'Offer list', 'Investments', 'Lead list', 'Settings', 'View All'])
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Lead list' })).toHaveAttribute('href', '/institution/leads');
    expect(within(nav).queryByText('Coming soon')).not.toBeInTheDocument();
    expect(await within(nav).findByText('Harbor Fund')).toBeInTheDocument();
  });

  it('sends the member to /404 when the picked institution fails to load (§8)', async () => {
    signInAs(memberOf('editor', true, { appMode: 'institution', institution: INSTITUTION_ID }));
    mockFetch(() =>
      jsonResponse({ error: { type: 'internal', name: 'InternalServerError', message: 'Internal Server Error', status: 500 } }, 500),
    );
    const { router } = renderRoutes(routes, { initialEntries: ['/institution/dashboard'] });
    // The query retries twice (1 s, then 2 s) before giving up.
    expect(await screen.findByRole('heading', { name: 'Page Not Found' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.queryByText('Institution dashboard')).not.toBeInTheDocument();
  }, 15_000);

  it('still sends a pick that is gone (404) to the list to pick again', async () => {
    signInAs(memberOf('editor', true, { appMode: 'institution', institution: INSTITUTION_ID }));
    mockFetch((path) =>
      path.endsWith(INSTITUTION_ID)
        ? jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404)
        : list([INSTITUTION]),
    );
    const { router } = renderRoutes(routes, { initialEntries: ['/institution/dashboard'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/institution/list'));
  });

  describe('switching institution from the side navigation', () => {
    const OTHER: Institution = { ...INSTITUTION, _id: 'c2c2c2c2c2c2c2c2c2c2c2c2', name: 'Other Fund', slug: 'other-fund' };

    async function switchTo(name: RegExp) {
      signInAs(memberOf('editor', true, { appMode: 'institution', institution: INSTITUTION_ID }));
      mockFetch((path, init) => {
        if (path === MODE_PATH) {
          const body = JSON.parse(String(init?.body)) as { institution: string };
          return jsonResponse({ data: memberOf('editor', true, { appMode: 'institution', institution: body.institution }) });
        }
        if (path === `/api/v1/tenant/${TENANT_ID}/institutions`) return list([INSTITUTION, OTHER]);
        if (path.endsWith(OTHER._id)) return jsonResponse({ data: OTHER });
        return jsonResponse({ data: INSTITUTION });
      });
      const { user, router } = renderRoutes(routes, { initialEntries: ['/institution/offers/d4d4d4d4d4d4d4d4d4d4d4d4'] });
      expect(await screen.findByText('Offer page')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Open institution menu' }));
      await user.click(await screen.findByRole('button', { name: 'Switch institution' }));
      const dialog = await screen.findByRole('dialog', { name: /Select an institution/ });
      await user.click(await within(dialog).findByRole('button', { name }));
      return router;
    }

    it("lands on the new institution's offer list, not the previous institution's offer", async () => {
      const router = await switchTo(/Other Fund/);
      expect(await screen.findByText('Offer list page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/institution/offers');
      expect(screen.queryByText('Offer page')).not.toBeInTheDocument();
    });

    it('stays on the offer when the same institution is picked again', async () => {
      const router = await switchTo(/Harbor Fund/);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /Select an institution/ })).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe('/institution/offers/d4d4d4d4d4d4d4d4d4d4d4d4');
      expect(screen.getByText('Offer page')).toBeInTheDocument();
    });
  });

  describe("'Select an institution' picker", () => {
    const many = Array.from(
      { length: 7 },
      (_, i): Institution => ({
        ...INSTITUTION,
        _id: `c${i}c${i}c${i}c${i}c${i}c${i}c${i}c${i}c${i}c${i}c${i}c${i}`,
        name: `Fund ${i + 1}`,
      }),
    );

    async function openPicker() {
      signInAs(memberOf('editor', true, { appMode: 'institution', institution: INSTITUTION_ID }));
      const fetchMock = mockFetch((path, _init, url) => {
        if (path === `/api/v1/tenant/${TENANT_ID}/institutions`) {
          const search = url.searchParams.get('search');
          const limit = Number(url.searchParams.get('limit'));
          const matches = search ? many.filter((i) => i.name.includes(search)) : many;
          return jsonResponse({ data: matches.slice(0, limit), meta: { page: 1, limit, total: matches.length } });
        }
        return jsonResponse({ data: INSTITUTION });
      });
      const { user } = renderRoutes(routes, { initialEntries: ['/institution/dashboard'] });
      await user.click(await screen.findByRole('button', { name: 'Open institution menu' }));
      await user.click(await screen.findByRole('button', { name: 'Switch institution' }));
      return { user, fetchMock, dialog: await screen.findByRole('dialog', { name: /Select an institution/ }) };
    }

    it("shows at most 5 matches and 'View All (n)' with the total", async () => {
      const { dialog, fetchMock } = await openPicker();
      expect(await within(dialog).findByRole('button', { name: /Fund 1/ })).toBeInTheDocument();
      expect(within(within(dialog).getByRole('list', { name: 'Institutions' })).getAllByRole('button')).toHaveLength(5);
      expect(within(dialog).getByRole('link', { name: 'View All (7)' })).toHaveAttribute('href', '/institution/list');
      const listCall = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .find((u) => u.pathname.endsWith('/institutions'));
      expect(listCall?.searchParams.get('isTeamMember')).toBe('true');
    });

    it("says 'No institutions found' when a search matches nothing", async () => {
      const { dialog, user } = await openPicker();
      await fill(user, await within(dialog).findByRole('textbox', { name: 'Search institutions' }), 'Nowhere');
      expect(await within(dialog).findByText('No institutions found')).toBeInTheDocument();
      expect(within(dialog).queryByText("You don't have access to any institutions")).not.toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'View All' })).toBeInTheDocument();
    });
  });
});
