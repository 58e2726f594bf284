import { screen } from '@testing-library/react';
import type { Offer } from '@tessera/domain';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { OfferDetailsTab } from './offer-details-tab.tsx';
import type { OfferOutletContext } from './offer-page.tsx';
import { makeOffer, OFFER_ID, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = `${OFFERS_PATH}/${OFFER_ID}`;

function render(overrides: Partial<Offer> = {}) {
  const offer = makeOffer(overrides);
  const fetchMock = mockFetch((path, init) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Partial<Offer>;
      return jsonResponse({ data: { ...offer, ...body } });
    }
    return jsonResponse({ data: { slug: 'x', available: true } });
  });
  const Parent = () => <Outlet context={{ tenantId: TENANT_ID, offer } satisfies OfferOutletContext} />;
  const { user } = renderRoutes([{ path: '/', element: <Parent />, children: [{ index: true, element: <OfferDetailsTab /> }] }]);
  return { user, fetchMock };
}

describe('OfferDetailsTab', () => {
  it('enables Update only once something changed, asks for the asset class, and counts the short description against 360', async () => {
    const { user, fetchMock } = render({ assetClass: null });
    const update = await screen.findByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    expect(screen.getByText('0/360 characters')).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Short description' }), 'Forty lofts by the harbor.');
    expect(screen.getByText('26/360 characters')).toBeInTheDocument();
    expect(update).toBeEnabled();
    await user.click(update);
    expect(await screen.findByText('Asset class is required')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${BASE}/details`)).toEqual([]);
  });

  it('needs a primary call to action and a change before Update CTA, then saves it', async () => {
    const { user, fetchMock } = render();
    const updateCta = await screen.findByRole('button', { name: 'Update CTA' });
    expect(updateCta).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'Primary label' }), 'Invest now');
    expect(updateCta).toBeDisabled();
    await fill(user, screen.getByRole('textbox', { name: 'Primary URL' }), 'https://example.com/invest');
    expect(updateCta).toBeEnabled();
    await user.click(updateCta);
    expect(await screen.findByText('CTA updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${BASE}/cta`)).toEqual([
      { primaryCTA: { label: 'Invest now', url: 'https://example.com/invest' }, secondaryCTA: null },
    ]);
  });
});
