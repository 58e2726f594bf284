import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { OfferPage } from './offer-page.tsx';
import { makeOffer, OFFER_ID, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function render(path: string) {
  mockFetch((url) =>
    url === `${OFFERS_PATH}/${OFFER_ID}`
      ? jsonResponse({ data: makeOffer() })
      : jsonResponse({ data: [], meta: { page: 1, limit: 20, total: 0 } }),
  );
  renderRoutes(
    [
      { path: '/institution/offers/:tenantOfferId', element: <OfferPage /> },
      { path: '/tenant/marketplace/offers/:tenantOfferId', element: <OfferPage /> },
    ],
    { initialEntries: [path] },
  );
}

describe('OfferPage', () => {
  it("links to the offer's investments in Raise mode (issue #20)", async () => {
    render(`/institution/offers/${OFFER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Harbor Lofts', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Investments' })).toHaveAttribute('href', `/institution/investments?offer=${OFFER_ID}`);
  });

  it("has no investments link in the tenant's marketplace, which is not an institution's view", async () => {
    render(`/tenant/marketplace/offers/${OFFER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Harbor Lofts', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Investments' })).not.toBeInTheDocument();
  });
});
