import { screen } from '@testing-library/react';
import { EMPTY_CONTACT, type Institution } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { InstitutionDetailsTab } from './institution-details-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const PATH = `/api/v1/tenant/${TENANT_ID}/institutions/${ID}`;
// As a GP sees it: no slug.
const saved: Institution = {
  _id: ID,
  name: 'Harbor Fund',
  slug: null,
  type: 'fund',
  description: '<p>About us</p>',
  descriptionShort: 'Loans',
  customMetrics: [],
  images: [],
  videos: [],
  contact: EMPTY_CONTACT,
  logoUrl: null,
  offersCount: 0,
  isTeamMember: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function prepare() {
  const fetchMock = mockFetch((path, init) => {
    if (path === PATH) return jsonResponse({ data: saved });
    if (path === `${PATH}/details` && init?.method === 'PUT')
      return jsonResponse({ data: { ...saved, ...(JSON.parse(String(init.body)) as object) } });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const { user } = renderRoutes(
    [{ path: '/tenant/marketplace/institutions/:tenantInstitutionId/details', element: <InstitutionDetailsTab /> }],
    { initialEntries: [`/tenant/marketplace/institutions/${ID}/details`] },
  );
  return { user, fetchMock };
}

describe('InstitutionDetailsTab', () => {
  it('hides the slug from a GP, enables Update only once changed, and sends the details without a slug', async () => {
    const { user, fetchMock } = prepare();
    const name = await screen.findByLabelText(/^Name/);
    expect(screen.queryByLabelText(/^Slug/)).not.toBeInTheDocument();
    expect(screen.getByText('5 / 360')).toBeInTheDocument();
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    await user.clear(name);
    await fill(user, name, 'Harbor Lending');
    expect(update).toBeEnabled();
    await user.click(update);
    expect(await screen.findByText('Institution details updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${PATH}/details`)).toEqual([
      { name: 'Harbor Lending', type: 'fund', descriptionShort: 'Loans', description: '<p>About us</p>', customMetrics: [] },
    ]);
  });

  it('refuses an empty name before sending', async () => {
    const { user, fetchMock } = prepare();
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${PATH}/details`)).toEqual([]);
  });
});
