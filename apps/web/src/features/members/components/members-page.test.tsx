import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { MembersPage } from './members-page.tsx';
import { makeMember } from './members.test-helpers.ts';

afterEach(() => vi.unstubAllGlobals());

/** The `search` parameter of every member list request, in order ('' when none was sent). */
const searchesSent = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api/v1/tenant/${TENANT_ID}/members`)
    .map((url) => url.searchParams.get('search') ?? '');

describe('MembersPage search', () => {
  it('sends the search only after more than 2 characters (000 §5)', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ data: [makeMember()], meta: { page: 1, limit: 20, total: 1 } }));
    const { user } = renderRoutes([{ path: '/tenant/membership/members', element: <MembersPage /> }], {
      initialEntries: ['/tenant/membership/members'],
    });
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Search' });
    await fill(user, box, 'Ad');
    // Longer than the 300 ms debounce: a 2-character search would have been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(searchesSent(fetchMock).filter(Boolean)).toEqual([]);

    await fill(user, box, 'a');
    await waitFor(() => expect(searchesSent(fetchMock)).toContain('Ada'));
    expect(searchesSent(fetchMock).filter(Boolean)).toEqual(['Ada']);
  });
});
