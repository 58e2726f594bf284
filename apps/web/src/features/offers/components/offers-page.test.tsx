import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { OffersPage } from './offers-page.tsx';
import { makeOfferSummary, OFFER_ID, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function prepare(deleteAnswer: () => Response, offers = [makeOfferSummary()]) {
  const fetchMock = mockFetch((path, init) => {
    if (path === OFFERS_PATH) return jsonResponse({ data: offers, meta: { page: 1, limit: 20, total: offers.length } });
    if (path === `${OFFERS_PATH}/${OFFER_ID}` && init?.method === 'DELETE') return deleteAnswer();
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const { user } = renderRoutes([{ path: '/tenant/marketplace/offers', element: <OffersPage /> }], {
    initialEntries: ['/tenant/marketplace/offers'],
  });
  return { user, fetchMock };
}

describe('OffersPage', () => {
  it('lists the offers from page 1 by 20 and asks before deleting, with the exact texts', async () => {
    const { user, fetchMock } = prepare(() => new Response(null, { status: 204 }));
    expect(await screen.findByRole('heading', { name: 'Offers', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Offer' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete Harbor Lofts' }));
    const listCall = new URL(String(fetchMock.mock.calls.find(([input]) => String(input).includes('/offers?'))?.[0]), 'http://localhost');
    expect(listCall.searchParams.get('page')).toBe('1');
    expect(listCall.searchParams.get('limit')).toBe('20');

    const dialog = await screen.findByRole('dialog', { name: 'Delete Offer' });
    expect(within(dialog).getByText(/Harbor Lofts/)).toHaveTextContent('This action is irreversible');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Offer' }));
    expect(await screen.findByText('Offer - Successfully deleted')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input).endsWith(`${OFFERS_PATH}/${OFFER_ID}`) && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('toasts the fixed text when the delete fails without an error object', async () => {
    const { user } = prepare(() => new Response('boom', { status: 500 }));
    await user.click(await screen.findByRole('button', { name: 'Delete Harbor Lofts' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Offer' })).getByRole('button', { name: 'Delete Offer' }));
    expect(await screen.findByText('Error deleting offer')).toBeInTheDocument();
  });

  it('shows no status chip for an open offer and a chip for the others (§4)', async () => {
    prepare(
      () => jsonResponse({}),
      [
        makeOfferSummary({ _id: 'e1e1e1e1e1e1e1e1e1e1e1e1', name: 'Open Fund', listingStatus: 'open' }),
        makeOfferSummary({ _id: 'e2e2e2e2e2e2e2e2e2e2e2e2', name: 'Later Fund', listingStatus: 'upcoming' }),
        makeOfferSummary({ _id: 'e3e3e3e3e3e3e3e3e3e3e3e3', name: 'Past Fund', listingStatus: 'closed' }),
      ],
    );
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;
    expect(within(await rowOf('Later Fund')).getByText('Upcoming')).toBeInTheDocument();
    expect(within(await rowOf('Past Fund')).getByText('Closed')).toBeInTheDocument();
    const openRow = await rowOf('Open Fund');
    expect(within(openRow).queryByText('Open')).not.toBeInTheDocument();
    expect(within(openRow).getByText('Pending')).toBeInTheDocument();
  });
});
