import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { GroupsPage } from './groups-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const GROUP = {
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  tenant: TENANT_ID,
  name: 'Early backers',
  description: 'First close',
  totalMembers: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
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
    const { user } = renderRoutes([{ path: '/tenant/membership/groups', element: <GroupsPage /> }], {
      initialEntries: ['/tenant/membership/groups'],
    });
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

describe('GroupsPage create dialog', { timeout: 20_000 }, () => {
  const groupsPath = `/api/v1/tenant/${TENANT_ID}/groups`;
  const routes = [
    { path: '/tenant/membership/groups', element: <GroupsPage /> },
    { path: '/tenant/membership/groups/:groupId', element: <p>group page</p> },
  ];

  it("opens with 'Create Group' (?modal=create), sends name and description, toasts and opens the new group", async () => {
    const fetchMock = mockFetch((path, init) =>
      init?.method === 'POST' && path === groupsPath
        ? jsonResponse({
            data: { ...GROUP, _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', name: 'Lenders', description: 'Credit partners', totalMembers: 0 },
          })
        : jsonResponse({ data: [GROUP], meta: { page: 1, limit: 20, total: 1 } }),
    );
    const { user, router } = renderRoutes(routes, { initialEntries: ['/tenant/membership/groups'] });
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    expect(router.state.location.search).toBe('?modal=create');
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Lenders');
    await fill(user, within(dialog).getByLabelText('Description'), 'Credit partners');
    await user.click(create);
    expect(await screen.findByText('Group created')).toBeInTheDocument();
    const posts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(posts).toEqual([{ name: 'Lenders', description: 'Credit partners' }]);
    // Straight to the new group: the cleared form does not trip the unsaved-changes guard.
    expect(await screen.findByText('group page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenant/membership/groups/e5e5e5e5e5e5e5e5e5e5e5e5');
    expect(screen.queryByText('Unsaved Changes')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server message when the name is taken', async () => {
    mockFetch((path, init) =>
      init?.method === 'POST'
        ? jsonResponse(
            { error: { type: 'conflict', name: 'ConflictError', message: 'A group with this name already exists', status: 409 } },
            409,
          )
        : jsonResponse({ data: [GROUP], meta: { page: 1, limit: 20, total: 1 } }),
    );
    const { user, router } = renderRoutes(routes, { initialEntries: ['/tenant/membership/groups?modal=create'] });
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Early backers');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A group with this name already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Group' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tenant/membership/groups');
  });
});
