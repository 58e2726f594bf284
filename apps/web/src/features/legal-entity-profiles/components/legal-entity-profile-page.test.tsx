import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LegalEntityProfilePage } from './legal-entity-profile-page.tsx';
import { ENTITY_ID, makeEntity } from './legal-entity-profiles.test-helpers.ts';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/user/:product/legal-entity-profiles', element: <p>All legal entities</p> },
  {
    path: '/user/:product/legal-entity-profiles/:legalEntityProfileId',
    element: <LegalEntityProfilePage />,
    children: [{ path: 'details', element: <p>Details</p> }],
  },
];

describe('LegalEntityProfilePage', { timeout: 20_000 }, () => {
  it("shows the header with 'All Legal Entities' and reloads on refresh=true, dropping the parameter", async () => {
    let stored = makeEntity();
    const fetchMock = mockFetch(() => jsonResponse({ data: stored }));
    const reads = () =>
      fetchMock.mock.calls.filter(
        ([input]) => new URL(String(input), 'http://localhost').pathname === `/api/v1/legal-entity-profile/${ENTITY_ID}`,
      ).length;
    const { router } = renderRoutes(routes, { initialEntries: [`/user/passport/legal-entity-profiles/${ENTITY_ID}/details`] });
    expect(await screen.findByRole('heading', { name: 'Orbit Holdings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All Legal Entities' })).toHaveAttribute('href', '/user/passport/legal-entity-profiles');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(reads()).toBe(1);

    stored = makeEntity({ name: 'Orbit Holdings II' });
    await router.navigate(`/user/passport/legal-entity-profiles/${ENTITY_ID}/details?refresh=true`);
    expect(await screen.findByRole('heading', { name: 'Orbit Holdings II' })).toBeInTheDocument();
    expect(reads()).toBe(2);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe(`/user/passport/legal-entity-profiles/${ENTITY_ID}/details`);
  });
});
