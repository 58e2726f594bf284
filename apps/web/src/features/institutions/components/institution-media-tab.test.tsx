import { screen, within } from '@testing-library/react';
import { EMPTY_CONTACT, type Institution } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InstitutionMediaTab } from './institution-media-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const PATH = `/api/v1/tenant/${TENANT_ID}/institutions/${ID}`;
const IMAGES = `${PATH}/images`;
const LOGO = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const PHOTO = 'b2b2b2b2b2b2b2b2b2b2b2b2';
const WARNING = 'You have unsaved changes to images or videos';
const institution: Institution = {
  _id: ID,
  name: 'Harbor Fund',
  slug: 'harbor-fund',
  type: 'fund',
  description: null,
  descriptionShort: 'Loans',
  customMetrics: [],
  images: [
    { id: 'img-logo', image: LOGO, url: `/api/v1/image/${LOGO}`, position: 0, hidden: false, purpose: 'logo' },
    { id: 'img-photo', image: PHOTO, url: `/api/v1/image/${PHOTO}`, position: 1, hidden: false, purpose: 'gallery' },
  ],
  videos: [],
  contact: EMPTY_CONTACT,
  logoUrl: `/api/v1/image/${LOGO}`,
  offersCount: 0,
  isTeamMember: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function prepare() {
  const fetchMock = mockFetch((path, init) => {
    if (path === PATH) return jsonResponse({ data: institution });
    if (path === IMAGES && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Pick<Institution, 'images'>;
      return jsonResponse({ data: { ...institution, images: body.images } });
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const { user } = renderRoutes(
    [{ path: '/tenant/marketplace/institutions/:tenantInstitutionId/media', element: <InstitutionMediaTab /> }],
    { initialEntries: [`/tenant/marketplace/institutions/${ID}/media`] },
  );
  return { user, fetchMock };
}

const order = () =>
  within(screen.getByRole('list', { name: 'Images' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('[data-image]')?.getAttribute('data-image'));

describe('InstitutionMediaTab', () => {
  it('hides an image and moves it first, warns while dirty, and saves the order renumbered from 0', async () => {
    const { user, fetchMock } = prepare();
    await user.click(await screen.findByRole('button', { name: 'Hide image 2' }));
    expect(screen.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Move image 2 up' }));
    expect(order()).toEqual([PHOTO, LOGO]);
    expect(screen.getByText(WARNING)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update images' }));
    expect(await screen.findByText('images updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, IMAGES)).toEqual([
      {
        images: [
          { id: 'img-photo', image: PHOTO, position: 0, hidden: true, purpose: 'gallery' },
          { id: 'img-logo', image: LOGO, position: 1, hidden: false, purpose: 'logo' },
        ],
      },
    ]);
    await vi.waitFor(() => expect(screen.queryByText(WARNING)).not.toBeInTheDocument());
  });
});
