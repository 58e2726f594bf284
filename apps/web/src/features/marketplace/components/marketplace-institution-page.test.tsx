import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Navigate } from 'react-router';
import { flushEvents, pendingEvents } from '../../../lib/analytics-queue.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MarketplaceInstitutionPage } from './marketplace-institution-page.tsx';
import {
  MarketplaceInstitutionAboutTab,
  MarketplaceInstitutionOffersTab,
  MarketplaceInstitutionTeamTab,
} from './marketplace-institution-tabs.tsx';
import { API, INSTITUTION_ID, makeMarketplaceInstitution } from '../../../test/marketplace.ts';

const routes = [
  {
    path: '/marketplace/institutions/:idOrSlug',
    element: <MarketplaceInstitutionPage />,
    children: [
      { index: true, element: <Navigate to="about" replace /> },
      { path: 'about', element: <MarketplaceInstitutionAboutTab /> },
      { path: 'offers', element: <MarketplaceInstitutionOffersTab /> },
      { path: 'team', element: <MarketplaceInstitutionTeamTab /> },
    ],
  },
  { path: '/404', element: <p>Not found page</p> },
];

const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

function setup(institution = makeMarketplaceInstitution(), path = '/marketplace/institutions/harbor-fund') {
  const fetchMock = mockFetch((p) => {
    if (p === `${API}/institutions/harbor-fund` || p === `${API}/institutions/${INSTITUTION_ID}`)
      return jsonResponse({ data: institution });
    if (p === `${API}/institutions/${INSTITUTION_ID}/offers`) return jsonResponse({ data: [], meta: { page: 1, limit: 12, total: 0 } });
    return notFound();
  });
  return { fetchMock, ...renderRoutes(routes, { initialEntries: [path] }) };
}

beforeEach(async () => {
  await flushEvents();
});
afterEach(async () => {
  await flushEvents();
  vi.unstubAllGlobals();
});

describe('MarketplaceInstitutionPage', () => {
  it('shows the header and opens on About; records one institution-view event', async () => {
    const { router, user } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Fund' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/marketplace/institutions/harbor-fund/about');
    expect(screen.getByText('Fund')).toBeInTheDocument();
    expect(screen.getByText('We buy harbours.')).toBeInTheDocument();
    expect(await screen.findByText('Since 1999.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Team' }));
    await user.click(screen.getByRole('tab', { name: 'About' }));
    await screen.findByText('Since 1999.');
    expect(pendingEvents().filter((e) => e.type === 'institution-view')).toEqual([
      expect.objectContaining({ institution: INSTITUTION_ID }),
    ]);
  });

  it('falls back to the id when the institution has no name', async () => {
    setup(makeMarketplaceInstitution({ name: '' }));
    expect(await screen.findByRole('heading', { level: 1, name: INSTITUTION_ID })).toBeInTheDocument();
  });

  it('rewrites an address by id to the slug, keeping the tab', async () => {
    const { router } = setup(makeMarketplaceInstitution(), `/marketplace/institutions/${INSTITUTION_ID}/team`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/institutions/harbor-fund/team'));
    expect(await screen.findByText('No team members yet')).toBeInTheDocument();
  });

  it('sends any load error to /404', async () => {
    const { router } = setup(makeMarketplaceInstitution(), '/marketplace/institutions/nobody');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('About hides the video and gallery sections without visible items', async () => {
    setup(
      makeMarketplaceInstitution({
        images: [{ id: 'logo', image: 'a9a9a9a9a9a9a9a9a9a9a9a9', src: '/img/logo', position: 0, purpose: 'logo' }],
      }),
    );
    await screen.findByText('Since 1999.');
    expect(screen.queryByRole('heading', { name: 'Videos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gallery' })).not.toBeInTheDocument();
  });

  it('About shows videos, the gallery and the custom metrics when there are some', async () => {
    setup(
      makeMarketplaceInstitution({
        videos: [{ id: 'v1', url: 'https://vimeo.com/123456', position: 0, purpose: 'about' }],
        images: [{ id: 'g1', image: 'a9a9a9a9a9a9a9a9a9a9a9a9', src: '/img/g1', position: 0, purpose: 'gallery' }],
        customMetrics: [{ id: 'm1', key: 'AUM', value: '$2B', position: 0, hidden: false }],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Videos' })).toBeInTheDocument();
    expect(screen.getByTitle('Harbor Fund video 1')).toHaveAttribute('src', 'https://player.vimeo.com/video/123456');
    expect(screen.getByRole('heading', { name: 'Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Harbor Fund image 1' })).toHaveAttribute('src', '/img/g1');
    expect(screen.getByText('AUM').nextSibling).toHaveTextContent('$2B');
    // No team yet: no Team section on About.
    expect(screen.queryByRole('heading', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('About lists the team too (001 §2)', async () => {
    setup(
      makeMarketplaceInstitution({
        team: [{ _id: 'b1b1b1b1b1b1b1b1b1b1b1b1', name: 'Grace Hopper', email: 'grace@example.com', imageUrl: null }],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Team' })).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute(
      'href',
      'mailto:grace@example.com',
    );
  });

  it('Team lists photo (initials without one), name and a mailto link', async () => {
    setup(
      makeMarketplaceInstitution({
        team: [
          { _id: 'b1b1b1b1b1b1b1b1b1b1b1b1', name: 'Grace Hopper', email: 'grace@example.com', imageUrl: null },
          { _id: 'b2b2b2b2b2b2b2b2b2b2b2b3', name: 'Alan Turing', email: 'alan@example.com', imageUrl: '/img/alan' },
        ],
      }),
      '/marketplace/institutions/harbor-fund/team',
    );
    const list = await screen.findByRole('list', { name: 'Team' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('GH');
    expect(items[0]).toHaveTextContent('Grace Hopper');
    expect(within(items[0]!).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    expect(items[1]!.querySelector('img')).toHaveAttribute('src', '/img/alan');
  });

  it('Offers lists the institution’s offers', async () => {
    setup(makeMarketplaceInstitution(), '/marketplace/institutions/harbor-fund/offers');
    expect(await screen.findByText('No offers found')).toBeInTheDocument();
    // Filters hide on an institution's offers tab (001 §2), and so does the showcase.
    expect(screen.queryByRole('search', { name: 'Offer filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Handpicked Deals' })).not.toBeInTheDocument();
  });
});
