import { screen, within } from '@testing-library/react';
import type { GovPhotoId } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { USER_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { GovPhotoIdRedirect } from './gov-photo-id-redirect.tsx';
import { IdentityTab } from './identity-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const PROFILE = 'e6e6e6e6e6e6e6e6e6e6e6e6';
const ID: GovPhotoId = {
  _id: 'f7f7f7f7f7f7f7f7f7f7f7f7',
  user: USER_ID,
  individualProfile: PROFILE,
  type: 'passport',
  number: '*****5678',
  expirationDate: '2033-05-31',
  issuingCountry: 'US',
  issuingState: 'NY',
  issuingDate: '2023-06-01',
  issuingAuthority: 'U.S. Department of State',
  documentFrontId: 'c8c8c8c8c8c8c8c8c8c8c8c8',
  documentBackId: 'd9d9d9d9d9d9d9d9d9d9d9d9',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

function IdentityRoute() {
  return <IdentityTab individualProfileId={PROFILE} />;
}

const routes = [
  { path: '/settings/gov-photo-ids/:govPhotoId', element: <GovPhotoIdRedirect />, errorElement: <p>Not found here</p> },
  { path: '/user/passport/individual-profiles/:individualProfileId/identity', element: <IdentityRoute /> },
];

describe('/settings/gov-photo-ids/{id}', () => {
  it("opens the ID on its profile's Identity tab", async () => {
    mockFetch((path, _init, url) =>
      path === `/api/v1/gov-photo-id/${ID._id}`
        ? jsonResponse({ data: ID })
        : path === '/api/v1/gov-photo-id' && url.searchParams.get('individualProfile') === PROFILE
          ? jsonResponse({ data: [ID], meta: { page: 1, limit: 100, total: 1 } })
          : notFound(),
    );
    const { router, user } = renderRoutes(routes, { initialEntries: [`/settings/gov-photo-ids/${ID._id}`] });
    const dialog = await screen.findByRole('dialog', { name: 'US Passport - *****5678' });
    expect(router.state.location.pathname).toBe(`/user/passport/individual-profiles/${PROFILE}/identity`);
    expect(router.state.location.search).toBe(`?id=${ID._id}`);
    expect(within(dialog).getByText('U.S. Department of State')).toBeInTheDocument();
    expect(within(dialog).getByText('United States of America')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
    // A click on the ID in the list opens it again.
    await user.click(screen.getByRole('button', { name: /US Passport - \*+5678/ }));
    expect(await screen.findByRole('dialog', { name: 'US Passport - *****5678' })).toBeInTheDocument();
  });

  it("is the 404 for another user's or a missing ID", async () => {
    mockFetch(() => notFound());
    renderRoutes(routes, { initialEntries: [`/settings/gov-photo-ids/${ID._id}`] });
    expect(await screen.findByText('Not found here')).toBeInTheDocument();
  });
});
