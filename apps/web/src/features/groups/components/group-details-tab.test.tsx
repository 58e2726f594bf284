import { screen, waitFor, within } from '@testing-library/react';
import type { Group, TenantMemberAdmin } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { TENANT_ID, USER_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { GroupDetailsTab } from './group-details-tab.tsx';
import { GroupPage } from './group-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const GROUP_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
const NOW = '2026-01-01T00:00:00.000Z';
const hex = (n: number) => n.toString(16).padStart(24, '0');

function member(n: number, name: string): TenantMemberAdmin {
  return {
    _id: hex(0x100 + n),
    tenant: TENANT_ID,
    user: USER_ID,
    firstname: name,
    middlename: null,
    lastname: 'Member',
    email: `${name.toLowerCase().replace(/\s/g, '')}@example.com`,
    image: null,
    tags: [],
    groups: [GROUP_ID],
    membershipStatus: 'active',
    signupStatus: 'complete',
    rbac: { _id: hex(0x900 + n), role: 'investor', attributes: {}, expiresAt: null },
    preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
    createdAt: NOW,
    updatedAt: NOW,
  };
}

/** A group of 25 members (more than one page) and one tenant member outside it. */
function setup() {
  let inGroup = Array.from({ length: 25 }, (_, i) => member(i, `Bulk ${String(i).padStart(2, '0')}`));
  const outsider = member(99, 'Zed');
  const group = (): Group => ({
    _id: GROUP_ID,
    tenant: TENANT_ID,
    name: 'Early backers',
    description: 'First close',
    totalMembers: inGroup.length,
    createdAt: NOW,
    updatedAt: NOW,
  });
  const groupPath = `/api/v1/tenant/${TENANT_ID}/groups/${GROUP_ID}`;
  const fetchMock = mockFetch((path, init, url) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === groupPath) return jsonResponse({ data: group() });
    if (method === 'GET' && path === `${groupPath}/members`) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      return jsonResponse({ data: inGroup.slice((page - 1) * limit, page * limit), meta: { page, limit, total: inGroup.length } });
    }
    if (method === 'GET' && path === `/api/v1/tenant/${TENANT_ID}/members`) {
      const candidates =
        url.searchParams.get('notInGroup') === GROUP_ID ? [outsider].filter((m) => !inGroup.includes(m)) : [...inGroup, outsider];
      return jsonResponse({ data: candidates, meta: { page: 1, limit: 20, total: candidates.length } });
    }
    if (method === 'POST' && path === `${groupPath}/members`) {
      inGroup = [...inGroup, outsider];
      return jsonResponse({ data: group() });
    }
    if (method === 'DELETE' && path.startsWith(`${groupPath}/members/`)) {
      const id = path.split('/').at(-1);
      inGroup = inGroup.filter((m) => m._id !== id);
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const rendered = renderRoutes(
    [{ path: '/tenant/membership/groups/:groupId', element: <GroupPage />, children: [{ path: 'details', element: <GroupDetailsTab /> }] }],
    { initialEntries: [`/tenant/membership/groups/${GROUP_ID}/details`] },
  );
  return { ...rendered, fetchMock, outsider };
}

/** The query of every request for the group's members, in order. */
const memberQueries = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith(`/groups/${GROUP_ID}/members`))
    .map((url) => Object.fromEntries(url.searchParams));

describe('GroupDetailsTab members', { timeout: 30_000 }, () => {
  it('pages through every member on the server and removes one from the second page', async () => {
    const { user, fetchMock } = setup();
    const grid = await screen.findByRole('grid', { name: 'Group members' });
    expect(await within(grid).findByText('Bulk 00 Member')).toBeInTheDocument();
    expect(screen.getByText('25 members')).toBeInTheDocument();
    expect(within(grid).queryByText('Bulk 20 Member')).not.toBeInTheDocument();
    expect(memberQueries(fetchMock)[0]).toEqual({ page: '1', limit: '20', sort: 'name', direction: 'asc' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(grid).findByText('Bulk 24 Member')).toBeInTheDocument();
    expect(memberQueries(fetchMock).at(-1)).toMatchObject({ page: '2' });

    await user.click(within(grid).getByRole('button', { name: 'Remove Bulk 24 Member' }));
    expect(await screen.findByText('Member removed')).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Bulk 24 Member')).not.toBeInTheDocument());
    expect(await screen.findByText('24 members')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input, init]) => init?.method === 'DELETE' && String(input).endsWith(`/members/${hex(0x100 + 24)}`)),
    ).toBe(true);
  });

  it('offers only members not in the group yet, and adds the picked one', async () => {
    const { user, fetchMock, outsider } = setup();
    await screen.findByText('25 members');
    await user.click(screen.getByRole('combobox', { name: 'Pick members' }));
    const option = await screen.findByRole('option', { name: 'Zed Member (zed@example.com)' });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    const candidateQuery = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === `/api/v1/tenant/${TENANT_ID}/members`);
    expect(candidateQuery?.searchParams.get('notInGroup')).toBe(GROUP_ID);
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Member added')).toBeInTheDocument();
    const posted = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(posted).toEqual([{ memberIds: [outsider._id] }]);
    expect(await screen.findByText('26 members')).toBeInTheDocument();
  });

  it('searches the members of the group on the server', async () => {
    const { user, fetchMock } = setup();
    await screen.findByText('25 members');
    await fill(user, screen.getByRole('textbox', { name: 'Search members' }), 'Bulk 2');
    await waitFor(() => expect(memberQueries(fetchMock).at(-1)).toMatchObject({ search: 'Bulk 2', page: '1' }));
  });
});
