import { screen, waitFor, within } from '@testing-library/react';
import type { MarketplaceOfferCard, TenantMember } from '@tessera/domain';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeAuthResult, TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { makeOfferCard } from '../../../test/offer-card.ts';
import { MarketplaceSettingsPage } from './marketplace-settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.signOut('user');
});

const PATH = `/api/v1/tenant/${TENANT_ID}/marketplace/settings`;
const OFFERS_PATH = `/api/v1/tenant/${TENANT_ID}/marketplace/offers`;

function signInAsOwner() {
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
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  sessionStore.signIn({ ...makeAuthResult(), tenantMember: member });
}

const view = (offers: MarketplaceOfferCard[], ids = offers.map((o) => o._id)) => ({
  data: { handpickedOfferIds: ids, handpickedOffers: offers },
});

function setup(
  saved: MarketplaceOfferCard[],
  catalogue: MarketplaceOfferCard[] = [],
  options: { failGet?: boolean; failPut?: boolean; ids?: string[] } = {},
) {
  signInAsOwner();
  const all = [...saved, ...catalogue];
  const fetchMock = mockFetch((path, init, url) => {
    if (path === PATH && init?.method === 'PUT') {
      if (options.failPut)
        return jsonResponse(
          { error: { type: 'forbidden', name: 'ForbiddenError', message: 'Only owners can change this', status: 403 } },
          403,
        );
      const { handpickedOfferIds } = JSON.parse(String(init.body)) as { handpickedOfferIds: string[] };
      return jsonResponse(view(handpickedOfferIds.map((id) => all.find((o) => o._id === id)!)));
    }
    if (path === PATH) {
      if (options.failGet)
        return jsonResponse({ error: { type: 'internal', name: 'InternalServerError', message: 'Boom', status: 500 } }, 500);
      return jsonResponse(view(saved, options.ids));
    }
    if (path === OFFERS_PATH) {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const data = all.filter((o) => o.name.toLowerCase().includes(search));
      return jsonResponse({ data, meta: { page: 1, limit: 10, total: data.length } });
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const rendered = renderRoutes(
    [
      {
        path: '/tenant/marketplace/settings',
        element: (
          <>
            <Link to="/tenant/dashboard">Dashboard</Link>
            <MarketplaceSettingsPage />
          </>
        ),
      },
      { path: '/tenant/dashboard', element: <p>Dashboard page</p> },
    ],
    { initialEntries: ['/tenant/marketplace/settings'] },
  );
  return { ...rendered, fetchMock };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Handpicked deals' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.MuiListItemText-primary')?.textContent);

describe('Marketplace settings: Handpicked Deals', () => {
  it('picks an offer by search, reorders, removes and saves with the toast', async () => {
    const harbor = makeOfferCard({ name: 'Harbor Lofts' });
    const summit = makeOfferCard({ name: 'Summit Plaza' });
    const river = makeOfferCard({ name: 'Riverside Storage' });
    const { user, fetchMock } = setup([harbor, summit], [river]);

    expect(await screen.findByRole('list', { name: 'Handpicked deals' })).toBeInTheDocument();
    expect(rows()).toEqual(['1. Harbor Lofts', '2. Summit Plaza']);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    const search = screen.getByRole('combobox', { name: 'Add an offer' });
    await fill(user, search, 'Ri');
    expect(await screen.findByText('Type more than 2 characters to search')).toBeInTheDocument();
    await fill(user, search, 'ver');
    await user.click(await screen.findByRole('option', { name: /Riverside Storage/ }));
    expect(rows()).toEqual(['1. Harbor Lofts', '2. Summit Plaza', '3. Riverside Storage']);
    expect(fetchMock.mock.calls.some(([input]) => new URL(String(input), 'http://localhost').searchParams.get('search') === 'River')).toBe(
      true,
    );

    await user.click(screen.getByRole('button', { name: 'Move Riverside Storage up' }));
    await user.click(screen.getByRole('button', { name: 'Move Riverside Storage up' }));
    expect(screen.getByRole('button', { name: 'Move Riverside Storage up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove Summit Plaza' }));
    expect(rows()).toEqual(['1. Riverside Storage', '2. Harbor Lofts']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Marketplace settings updated')).toBeInTheDocument();
    const puts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([input, init]) => [new URL(String(input), 'http://localhost').pathname, JSON.parse(String(init?.body))]);
    expect(puts).toEqual([[PATH, { handpickedOfferIds: [river._id, harbor._id] }]]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
  }, 30_000);

  it('asks before leaving with unsaved changes, and stays on Stay on Page', async () => {
    const harbor = makeOfferCard({ name: 'Harbor Lofts' });
    const { user, router } = setup([harbor]);
    await user.click(await screen.findByRole('button', { name: 'Remove Harbor Lofts' }));
    expect(screen.getByText('No handpicked deals yet')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on Page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/tenant/marketplace/settings');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', { name: 'Leave Page' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  }, 20_000);

  it('allows at most 12 handpicked deals', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => makeOfferCard({ name: `Deal ${i + 1}` }));
    setup(twelve);
    expect(await screen.findByText('12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Add an offer' })).toBeDisabled();
    expect(screen.getByText(/At most 12 handpicked deals/)).toBeInTheDocument();
  });

  it('says when saved offers are no longer listed, shows the empty state, and the server error on save', async () => {
    const harbor = makeOfferCard({ name: 'Harbor Lofts' });
    const { user } = setup([harbor], [], { failPut: true, ids: [harbor._id, 'f'.repeat(24)] });
    expect(await screen.findByText('1 handpicked offer is no longer listed and will be dropped on the next save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Harbor Lofts' }));
    expect(screen.getByText('No handpicked deals yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only owners can change this')).toBeInTheDocument();
  });

  it('shows an error block when the settings fail to load', async () => {
    setup([], [], { failGet: true });
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 15_000);
});
