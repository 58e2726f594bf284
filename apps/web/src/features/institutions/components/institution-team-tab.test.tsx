import { screen, waitFor, within } from '@testing-library/react';
import { EMPTY_CONTACT, type Institution, type TeamMember } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { InstitutionTeamTab } from './institution-team-tab.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const PATH = `/api/v1/tenant/${TENANT_ID}/institutions/${ID}`;
const TEAM = `${PATH}/team`;
const institution: Institution = {
  _id: ID,
  name: 'Harbor Fund',
  slug: 'harbor-fund',
  type: 'fund',
  description: null,
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
const member = (id: string, email: string, status: TeamMember['status'], role: TeamMember['role']): TeamMember => ({
  _id: id,
  institution: ID,
  // Until they accept the API names no account (issue #21).
  subject: { _id: status === 'invited' ? null : `f${id.slice(1)}`, email, firstname: 'A', lastname: 'B' },
  role,
  status,
  expiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const GRACE = member('d1d1d1d1d1d1d1d1d1d1d1d1', 'grace@example.com', 'invited', 'member');
const ALAN = member('d2d2d2d2d2d2d2d2d2d2d2d2', 'alan@example.com', 'active', 'member');

function prepare() {
  const fetchMock = mockFetch((path, init) => {
    const method = init?.method ?? 'GET';
    if (path === PATH) return jsonResponse({ data: institution });
    if (path === TEAM) return jsonResponse({ data: [GRACE, ALAN], meta: { page: 1, limit: 20, total: 2 } });
    if (path === `${TEAM}/${GRACE._id}/resend-invite` && method === 'POST') return jsonResponse({ data: GRACE });
    if (path === `${TEAM}/${ALAN._id}/role` && method === 'PUT') return jsonResponse({ data: { ...ALAN, role: 'viewer' } });
    if (path === `${TEAM}/${ALAN._id}` && method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse({ error: { type: 'not-found', name: 'NotFoundError', message: 'Not found', status: 404 } }, 404);
  });
  const { user } = renderRoutes([{ path: '/tenant/marketplace/institutions/:tenantInstitutionId/team', element: <InstitutionTeamTab /> }], {
    initialEntries: [`/tenant/marketplace/institutions/${ID}/team`],
  });
  return { user, fetchMock };
}
const calls = (fetchMock: ReturnType<typeof mockFetch>, path: string, method: string) =>
  fetchMock.mock.calls.filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && init?.method === method);

describe('InstitutionTeamTab', () => {
  it('resends an invite to an invited person only, with the §8 toast', async () => {
    const { user, fetchMock } = prepare();
    expect(await screen.findByText(/tenant members on this team can manage the institution/i)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Actions for alan@example.com' }));
    expect(screen.queryByRole('menuitem', { name: 'Resend invite' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Actions for grace@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invite' }));
    expect(await screen.findByText('invite resent')).toBeInTheDocument();
    expect(calls(fetchMock, `${TEAM}/${GRACE._id}/resend-invite`, 'POST')).toHaveLength(1);
  });

  it('changes a role: Save only for a different role, then the §8 toast', async () => {
    const { user, fetchMock } = prepare();
    await user.click(await screen.findByRole('button', { name: 'Actions for alan@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('role updated')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${TEAM}/${ALAN._id}/role`)).toEqual([{ role: 'viewer' }]);
  });

  it('asks before deleting, sends nothing on Cancel, and deletes on confirmation', async () => {
    const { user, fetchMock } = prepare();
    const open = async () => {
      await user.click(await screen.findByRole('button', { name: 'Actions for alan@example.com' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      return screen.findByRole('dialog', { name: 'Delete Team Member' });
    };
    let dialog = await open();
    expect(dialog).toHaveTextContent('Remove alan@example.com from the team of Harbor Fund? This action is irreversible.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock, `${TEAM}/${ALAN._id}`, 'DELETE')).toHaveLength(0);

    dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('deleted')).toBeInTheDocument();
    expect(calls(fetchMock, `${TEAM}/${ALAN._id}`, 'DELETE')).toHaveLength(1);
  });
});
