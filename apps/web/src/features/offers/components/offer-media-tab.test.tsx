import { fireEvent, screen, within } from '@testing-library/react';
import type { Offer } from '@tessera/domain';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { OfferMediaTab } from './offer-media-tab.tsx';
import type { OfferOutletContext } from './offer-page.tsx';
import { IMAGE_A, IMAGE_B, makeOffer, OFFER_ID, OFFERS_PATH } from './offers.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const IMAGES = `${OFFERS_PATH}/${OFFER_ID}/images`;
const WARNING = 'You have unsaved changes to images or videos';

function render() {
  const offer = makeOffer({
    images: [
      { id: 'img-a', image: IMAGE_A, url: `/api/v1/image/${IMAGE_A}`, position: 0, hidden: false, purpose: 'primary' },
      { id: 'img-b', image: IMAGE_B, url: `/api/v1/image/${IMAGE_B}`, position: 1, hidden: false, purpose: 'gallery' },
    ],
  });
  const fetchMock = mockFetch((path, init) => {
    if (path === IMAGES && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Pick<Offer, 'images'>;
      return jsonResponse({ data: { ...offer, images: body.images } });
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const Parent = () => <Outlet context={{ tenantId: TENANT_ID, offer } satisfies OfferOutletContext} />;
  const { user } = renderRoutes([{ path: '/', element: <Parent />, children: [{ index: true, element: <OfferMediaTab /> }] }]);
  return { user, fetchMock };
}

const order = () =>
  within(screen.getByRole('list', { name: 'Images' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[data-image]')?.getAttribute('data-image'));

describe('OfferMediaTab', () => {
  it('moves an image with the arrows, renumbers from 0, warns while dirty and saves the new order', async () => {
    const { user, fetchMock } = render();
    await user.click(await screen.findByRole('button', { name: 'Move image 2 up' }));
    expect(order()).toEqual([IMAGE_B, IMAGE_A]);
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update images' }));
    expect(await screen.findByText('images updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, IMAGES)).toEqual([
      {
        images: [
          { id: 'img-b', image: IMAGE_B, position: 0, hidden: false, purpose: 'gallery' },
          { id: 'img-a', image: IMAGE_A, position: 1, hidden: false, purpose: 'primary' },
        ],
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByText(WARNING)).not.toBeInTheDocument());
  });

  it('reorders by dragging with the handle, and Reset restores the server copy', async () => {
    const { user } = render();
    const items = within(await screen.findByRole('list', { name: 'Images' })).getAllByRole('listitem');
    fireEvent.dragStart(screen.getByLabelText('Drag image 1'));
    fireEvent.dragOver(items[1]!);
    fireEvent.drop(items[1]!);
    expect(order()).toEqual([IMAGE_B, IMAGE_A]);
    expect(screen.getAllByText(/^Position \d/).map((el) => el.textContent)).toEqual(['Position 0', 'Position 1']);
    expect(screen.getByText(WARNING)).toBeInTheDocument();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Reset' }));
    expect(order()).toEqual([IMAGE_A, IMAGE_B]);
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });
});
