import { screen, within } from '@testing-library/react';
import type { Offer } from '@tessera/domain';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { OfferFinancialsTab } from './offer-financials-tab.tsx';
import type { OfferOutletContext } from './offer-page.tsx';
import { makeOffer, OFFER_ID, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FINANCIALS = `${OFFERS_PATH}/${OFFER_ID}/financials`;

function render(offer = makeOffer()) {
  const fetchMock = mockFetch((path, init) => {
    if (path === FINANCIALS && init?.method === 'PUT')
      return jsonResponse({ data: { ...offer, ...(JSON.parse(String(init.body)) as Partial<Offer>) } });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const Parent = () => <Outlet context={{ tenantId: TENANT_ID, offer } satisfies OfferOutletContext} />;
  const { user } = renderRoutes([{ path: '/', element: <Parent />, children: [{ index: true, element: <OfferFinancialsTab /> }] }]);
  return { user, fetchMock };
}

const numberField = (scope: HTMLElement, name: string) => within(scope).getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('OfferFinancialsTab', () => {
  it('shows each section incomplete at first, with the §5 help texts of the capital raise', async () => {
    render();
    expect(await screen.findByLabelText('Incomplete. At least one class, each with a name and a minimum investment')).toBeInTheDocument();
    expect(screen.getByLabelText('Incomplete. At least one metric, each with a name and a value')).toBeInTheDocument();
    expect(screen.getByLabelText('Incomplete. Minimum, maximum and raised so far, none of them zero')).toBeInTheDocument();
    expect(screen.getByText('minimum amount that can be raised')).toBeInTheDocument();
    expect(screen.getByText('maximum amount')).toBeInTheDocument();
    expect(screen.getByText('how much capital has been raised so far')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('accepts a class with only a name and a minimum investment, marks it complete and saves it', async () => {
    const { user, fetchMock } = render();
    await user.click(await screen.findByRole('button', { name: 'Add class' }));
    const cls = screen.getByRole('group', { name: 'Class 1' });
    await fill(user, within(cls).getByRole('textbox', { name: /^Class name/ }), 'Class A');
    expect(screen.getByLabelText(/^Incomplete\. At least one class/)).toBeInTheDocument();
    await fill(user, numberField(cls, 'Minimum investment'), '25000');
    expect(screen.getAllByLabelText('Complete')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('financials updated')).toBeInTheDocument();
    const [body] = sentBodies(fetchMock, FINANCIALS) as [Pick<Offer, 'classes'>];
    expect(body.classes).toHaveLength(1);
    expect(body.classes[0]).toMatchObject({
      name: 'Class A',
      minimumInvestment: 25000,
      maximumInvestment: null,
      pricePerUnit: null,
      description: null,
    });
  });

  it('refuses a class without a minimum investment and names the field, sending nothing', async () => {
    const { user, fetchMock } = render();
    await user.click(await screen.findByRole('button', { name: 'Add class' }));
    const cls = screen.getByRole('group', { name: 'Class 1' });
    await fill(user, within(cls).getByRole('textbox', { name: /^Class name/ }), 'Class A');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Check the highlighted fields')).toBeInTheDocument();
    expect(numberField(cls, 'Minimum investment')).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetchMock, FINANCIALS)).toEqual([]);
  });

  it('marks the financial details complete only when minimum, maximum and raised are all non-zero', async () => {
    const { user } = render(makeOffer({ capitalRaiseMin: 100000, capitalRaiseMax: 500000, capitalRaiseTotal: 0 }));
    const missing = 'Incomplete. Minimum, maximum and raised so far, none of them zero';
    expect(await screen.findByLabelText(missing)).toBeInTheDocument();
    const raised = numberField(document.body, 'Capital raised so far');
    await user.clear(raised);
    await fill(user, raised, '50000');
    expect(screen.queryByLabelText(missing)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Complete')).toBeInTheDocument();
  });
});
