import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageRoutes } from '../router.tsx';
import { jsonResponse, mockFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { API, INSTITUTION_ID, makeMarketplaceInstitution, makeMarketplaceOffer } from '../../test/marketplace.ts';

afterEach(() => vi.unstubAllGlobals());

// Only the public table: 'Deal Room' and 'Marketplace Profile' open these pages for anyone, signed in or not.
describe('public marketplace routes', () => {
  it('a Deal Room address (by slug) opens the offer page on its Home tab', async () => {
    mockFetch((p) => (p === `${API}/offers/harbor-point` ? jsonResponse({ data: makeMarketplaceOffer() }) : jsonResponse({}, 404)));
    const { router } = renderRoutes(pageRoutes, { initialEntries: ['/marketplace/offers/harbor-point'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Point' }, { timeout: 15000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/offers/harbor-point/home'));
    expect(await screen.findByRole('link', { name: 'Read More' })).toBeInTheDocument();
  }, 20_000);

  it('a Marketplace Profile address (by id) opens the institution page at its slug', async () => {
    mockFetch((p) =>
      p === `${API}/institutions/${INSTITUTION_ID}` || p === `${API}/institutions/harbor-fund`
        ? jsonResponse({ data: makeMarketplaceInstitution() })
        : jsonResponse({}, 404),
    );
    const { router } = renderRoutes(pageRoutes, { initialEntries: [`/marketplace/institutions/${INSTITUTION_ID}`] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Fund' }, { timeout: 15000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketplace/institutions/harbor-fund/about'));
  }, 20_000);
});
