import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { GroupsPage } from './groups-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const GROUP = {
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4', tenant: TENANT_ID, name: 'Early backers', description: 'First close', totalMembers: 3,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The `search` parameter of every group list request, in order ('' when none was sent). */
const searchesSent = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1/tenant/${TENANT_ID}/groups`)
    .map((url) => url.searchParams.get('search') ?? '');

describe('GroupsPage search', () => {
  it('sends the search only after more than 2 characters (000 §5)', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: [GROUP], meta: { page: 1, limit: 20, total: 1 } }));
    const { user } = renderRoutes([{ path: '/tenant/membership/groups', element: <GroupsPage /> }], { initialEntries: ['/tenant/membership/groups'] });
    expect(await screen.findByText('Early backers')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Search' });
    await fill(user, box, 'Ea');
    // Longer than the 300 ms debounce: a 2-character search would have been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(searchesSent(fetchMock).filter(Boolean)).toEqual([]);

    await fill(user, box, 'r');
    await waitFor(() => expect(searchesSent(fetchMock)).toContain('Ear'));
    expect(searchesSent(fetchMock).filter(Boolean)).toEqual(['Ear']);
  });
});
