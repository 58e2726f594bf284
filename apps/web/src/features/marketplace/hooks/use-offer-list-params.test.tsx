import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useOfferListParams, type OfferListControls } from './use-offer-list-params.ts';

function renderControls(initial: string) {
  const seen: { controls?: OfferListControls } = {};
  function Probe() {
    seen.controls = useOfferListParams();
    return null;
  }
  const router = createMemoryRouter([{ path: '/marketplace/offers', element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return { router, controls: () => seen.controls! };
}

describe('useOfferListParams', () => {
  it('keeps both of two changes made before the list renders again (a bound on Enter, then a checkbox)', async () => {
    const { router, controls } = renderControls('/marketplace/offers?page=3');
    const { setBound, setList } = controls();
    await act(async () => {
      setBound('irrMin', 90);
      setList('assetClass', ['infrastructure']);
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('irrMin')).toBe('90');
    expect(params.get('assetClass')).toBe('infrastructure');
    expect(params.has('page')).toBe(false);
    expect(controls().filters).toMatchObject({ irrMin: 90, assetClass: ['infrastructure'] });
  });

  it('builds on the address once it shows a change, and on an address changed elsewhere', async () => {
    const { router, controls } = renderControls('/marketplace/offers');
    await act(async () => controls().setBound('irrMin', 90));
    await act(async () => controls().setView('list'));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('irrMin=90&view=list');
    await act(async () => router.navigate('/marketplace/offers?sort=irr'));
    await act(async () => controls().setPage(2));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('sort=irr&page=2');
  });
});
