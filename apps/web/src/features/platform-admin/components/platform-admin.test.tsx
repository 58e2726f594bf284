import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { makeAuthResult, makeUser, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { AdminLayout } from './admin-layout.tsx';
import { TenantCreatePage } from './tenant-create-page.tsx';
import { UserRoleSelect } from './user-role-select.tsx';

afterEach(() => {
  sessionStore.signOut('user');
  vi.unstubAllGlobals();
});

const OTHER_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
const adminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  ...makeUser({ _id: OTHER_ID, email: 'grace@example.com', role: 'user' }),
  archivedAt: null,
  ...overrides,
});

function signInAs(role: 'admin' | 'user') {
  const result = makeAuthResult();
  sessionStore.signIn({ ...result, user: { ...result.user, role } });
}

describe('TenantCreatePage', () => {
  it('derives the slug from the name until it is edited, and shows the address and its availability', async () => {
    const fetchMock = mockFetch((path) =>
      path === '/api/v1/tenant/slug-available'
        ? jsonResponse({ data: { slug: 'x', available: false, reason: 'This address is already taken' } })
        : jsonResponse({}, 404),
    );
    const { user } = renderRoutes([{ path: '/admin/tenant/create', element: <TenantCreatePage /> }], {
      initialEntries: ['/admin/tenant/create'],
    });
    const name = await screen.findByLabelText(/^Name/);
    const slug = screen.getByLabelText(/^Slug/);
    await fill(user, name, 'Crème Brûlée Capital');
    expect(slug).toHaveValue('creme-brulee-capital');
    expect(screen.getByTestId('tenant-address')).toHaveTextContent(/^creme-brulee-capital\./);
    expect(await screen.findByText('This address is already taken')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('slug=creme-brulee-capital'))).toBe(true);

    await user.clear(slug);
    await fill(user, slug, 'cbc');
    await fill(user, name, ' Funds');
    expect(name).toHaveValue('Crème Brûlée Capital Funds');
    expect(slug).toHaveValue('cbc');
  });

  it('says when the address is free and sends name, slug and owner e-mail', async () => {
    const fetchMock = mockFetch((path) => {
      if (path === '/api/v1/tenant/slug-available') return jsonResponse({ data: { slug: 'initech', available: true, reason: null } });
      if (path === '/api/v1/tenant') {
        // The owner is invited, not yet an active member: the new tenant counts no member.
        return jsonResponse(
          {
            data: {
              _id: OTHER_ID,
              slug: 'initech',
              name: 'Initech',
              description: null,
              website: null,
              verificationStatus: 'not-started',
              memberCount: 0,
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          },
          201,
        );
      }
      return jsonResponse({}, 404);
    });
    const { user, router } = renderRoutes(
      [
        { path: '/admin/tenant/create', element: <TenantCreatePage /> },
        { path: '/admin/tenant/:tenantId', element: <p>Tenant page</p> },
      ],
      { initialEntries: ['/admin/tenant/create'] },
    );
    await fill(user, await screen.findByLabelText(/^Name/), 'Initech');
    expect(await screen.findByText('This address is available')).toBeInTheDocument();
    await fill(user, screen.getByLabelText(/^Owner email/), 'olive@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Tenant' }));
    expect(await screen.findByText('Tenant page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/tenant/${OTHER_ID}`);
    expect(sentBodies(fetchMock, '/api/v1/tenant')).toEqual([{ name: 'Initech', slug: 'initech', ownerEmail: 'olive@example.com' }]);
    expect(await screen.findByText('Tenant Initech created and owner invited')).toBeInTheDocument();
  });
});

describe('UserRoleSelect', () => {
  it('changes the role only after confirmation', async () => {
    signInAs('admin');
    const fetchMock = mockFetch((path) =>
      path === `/api/v1/admin/user/${OTHER_ID}/role` ? jsonResponse({ data: adminUser({ role: 'evaluator' }) }) : jsonResponse({}, 404),
    );
    const { user } = renderRoutes([{ path: '/', element: <UserRoleSelect user={adminUser()} /> }]);
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Evaluator' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Change role?')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `/api/v1/admin/user/${OTHER_ID}/role`)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(sentBodies(fetchMock, `/api/v1/admin/user/${OTHER_ID}/role`)).toEqual([{ role: 'evaluator' }]));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
  });

  it('does not let an admin pick a non-admin role for themselves', async () => {
    signInAs('admin');
    mockFetch(() => jsonResponse({}, 404));
    const { user } = renderRoutes([{ path: '/', element: <UserRoleSelect user={adminUser({ _id: USER_ID, role: 'admin' })} /> }]);
    expect(await screen.findByText('You cannot remove your own admin role')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(await screen.findByRole('option', { name: 'User' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('AdminLayout', () => {
  it('refuses users who are not platform admins', async () => {
    signInAs('user');
    mockFetch(() => jsonResponse({}, 404));
    renderRoutes([{ path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <p>Inside</p> }] }], {
      initialEntries: ['/admin'],
    });
    expect(await screen.findByText('Only platform admins can open the platform admin area.')).toBeInTheDocument();
    expect(screen.queryByText('Inside')).not.toBeInTheDocument();
  });
});
