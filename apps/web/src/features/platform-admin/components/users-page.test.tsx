import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { AdminUserPage } from './user-page.tsx';
import { UsersPage } from './users-page.tsx';

const GRACE = 'd4d4d4d4d4d4d4d4d4d4d4d4';
const grace = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  ...makeUser({ _id: GRACE, email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', role: 'user' }),
  archivedAt: null,
  ...overrides,
});
const page = (rows: AdminUser[]) => jsonResponse({ data: rows, meta: { page: 1, limit: 20, total: rows.length } });
const notFound = () => jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);

/** The query of every user list request, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/admin/user')
    .map((url) => Object.fromEntries(url.searchParams));

beforeEach(() => {
  const result = makeAuthResult();
  sessionStore.signIn({ ...result, user: { ...result.user, role: 'admin' } });
});
afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

describe('UsersPage', { timeout: 20_000 }, () => {
  it('searches (after more than 2 characters) and filters by role on the server, and opens a user', async () => {
    const fetchMock = mockFetch((path) => (path === '/api/v1/admin/user' ? page([grace()]) : notFound()));
    const { user, router } = renderRoutes(
      [
        { path: '/admin/user', element: <UsersPage /> },
        { path: '/admin/user/:userId', element: <p>user page</p> },
      ],
      { initialEntries: ['/admin/user'] },
    );
    const grid = await screen.findByRole('grid', { name: 'Users' });
    expect(await within(grid).findByText('grace@example.com')).toBeInTheDocument();

    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'gr');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(listQueries(fetchMock).filter((q) => q.search)).toEqual([]);
    await fill(user, screen.getByRole('textbox', { name: 'Search' }), 'a');
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ search: 'gra', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Evaluator' }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)).toMatchObject({ search: 'gra', role: 'evaluator' }));

    await user.click(await within(grid).findByText('grace@example.com'));
    expect(router.state.location.pathname).toBe(`/admin/user/${GRACE}`);
  });

  it("says 'No results for' the search when nothing matches", async () => {
    mockFetch((path) => (path === '/api/v1/admin/user' ? page([]) : notFound()));
    const { user } = renderRoutes([{ path: '/admin/user', element: <UsersPage /> }], { initialEntries: ['/admin/user'] });
    await fill(user, await screen.findByRole('textbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No results for "zzz"')).toBeInTheDocument();
  });
});

describe('AdminUserPage role change', { timeout: 20_000 }, () => {
  it('changes the role after confirmation and shows the new one', async () => {
    let current = grace();
    const fetchMock = mockFetch((path, init) => {
      if (path === `/api/v1/admin/user/${GRACE}/role` && init?.method === 'PUT') {
        current = grace({ role: (JSON.parse(String(init.body)) as { role: AdminUser['role'] }).role });
        return jsonResponse({ data: current });
      }
      if (path === `/api/v1/admin/user/${GRACE}`) return jsonResponse({ data: current });
      if (path === `/api/v1/admin/user/${GRACE}/associations`)
        return jsonResponse({ data: { memberships: [], counts: { individualProfiles: 0, legalEntityProfiles: 0, documents: 1 } } });
      if (path === `/api/v1/admin/user/${GRACE}/rbac`) return jsonResponse({ data: [], meta: { page: 1, limit: 100, total: 0 } });
      return notFound();
    });
    const { user } = renderRoutes([{ path: '/admin/user/:userId', element: <AdminUserPage /> }], {
      initialEntries: [`/admin/user/${GRACE}`],
    });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(await screen.findByText('Documents: 1')).toBeInTheDocument();

    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('User');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Institution admin' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('grace@example.com will have the role Institution admin instead of User.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/admin/user/${GRACE}/role`)).toEqual([{ role: 'institution-admin' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Institution admin'));
  });
});
