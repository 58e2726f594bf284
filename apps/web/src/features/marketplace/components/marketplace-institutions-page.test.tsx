import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { MarketplaceInstitutionsPage } from './marketplace-institutions-page.tsx';
import { API, makeMarketplaceInstitution } from '../../../test/marketplace.ts';

afterEach(() => vi.unstubAllGlobals());

const summary = (() => {
  const { description: _d, customMetrics: _c, images: _i, videos: _v, team: _t, ...rest } = makeMarketplaceInstitution();
  return rest;
})();

function setup(total = 1) {
  const fetchMock = mockFetch((p, _init, url) => {
    if (p !== `${API}/institutions`) return jsonResponse({}, 404);
    const search = url.searchParams.get('search');
    const data = search === 'nothing' ? [] : [summary];
    return jsonResponse({
      data,
      meta: { page: Number(url.searchParams.get('page') ?? 1), limit: 20, total: search === 'nothing' ? 0 : total },
    });
  });
  return {
    fetchMock,
    ...renderRoutes([{ path: '/marketplace/institutions', element: <MarketplaceInstitutionsPage /> }], {
      initialEntries: ['/marketplace/institutions'],
    }),
  };
}

const searches = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === `${API}/institutions`)
    .map((u) => u.searchParams.get('search'));

describe('MarketplaceInstitutionsPage', () => {
  it('shows a card per institution with logo initials, name, type, short description and offer count, linking to its page', async () => {
    setup();
    const link = await screen.findByRole('link', { name: /Harbor Fund/ });
    expect(link).toHaveAttribute('href', '/marketplace/institutions/harbor-fund');
    expect(link).toHaveTextContent('HF');
    expect(link).toHaveTextContent('Fund');
    expect(link).toHaveTextContent('We buy harbours.');
    expect(link).toHaveTextContent('2 offers');
  });

  it('searches only past 2 characters, and says when nothing matches', async () => {
    const { fetchMock, user } = setup();
    const box = await screen.findByLabelText('Search institutions');
    await fill(user, box, 'no');
    expect(await screen.findByText('Type at least 3 characters')).toBeInTheDocument();
    await fill(user, box, 'thing');
    expect(await screen.findByText('No institutions found')).toBeInTheDocument();
    expect(searches(fetchMock)).not.toContain('no');
    expect(searches(fetchMock)).toContain('nothing');
  });

  it('pages on the server', async () => {
    const { fetchMock, user } = setup(45);
    await user.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('page=2'))).toBe(true));
  });
});
