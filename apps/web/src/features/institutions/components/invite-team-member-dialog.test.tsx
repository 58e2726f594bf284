import { screen } from '@testing-library/react';
import type { TeamMember } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { InviteTeamMemberDialog } from './invite-team-member-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INSTITUTION_ID = 'c3c3c3c3c3c3c3c3c3c3c3c3';
const PATH = `/api/v1/tenant/${TENANT_ID}/institutions/${INSTITUTION_ID}/team/invite`;
const invited: TeamMember = {
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  institution: INSTITUTION_ID,
  subject: { _id: 'e5e5e5e5e5e5e5e5e5e5e5e5', email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper' },
  role: 'viewer',
  status: 'invited',
  expiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function prepare(answer: () => Response) {
  const fetchMock = mockFetch(() => answer());
  const onClose = vi.fn();
  const { user } = renderRoutes([
    { path: '/', element: <InviteTeamMemberDialog tenantId={TENANT_ID} institutionId={INSTITUTION_ID} open onClose={onClose} /> },
  ]);
  return { user, onClose, fetchMock };
}

describe('InviteTeamMemberDialog', () => {
  it('keeps Invite disabled until an e-mail is given, with Member by default, the e-mail rule and the expiry hint', async () => {
    const { user } = prepare(() => jsonResponse({ data: invited }));
    const invite = await screen.findByRole('button', { name: 'Invite' });
    expect(invite).toBeDisabled();
    expect(screen.getByText('Leave blank for no expiration')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Role/ })).toHaveTextContent('Member');
    await fill(user, screen.getByLabelText(/^Email/), 'not-an-email');
    expect(invite).toBeEnabled();
    await user.click(invite);
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('sends the names, role and expiry, then toasts the spec text and closes', async () => {
    const { user, onClose, fetchMock } = prepare(() => jsonResponse({ data: invited }));
    await fill(user, await screen.findByLabelText(/^Email/), 'grace@example.com');
    await fill(user, screen.getByLabelText(/^First name/), 'Grace');
    await fill(user, screen.getByLabelText(/^Last name/), 'Hopper');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await fill(user, screen.getByLabelText(/^Expires/), '2030-06-01');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('team member invited')).toBeInTheDocument();
    expect(sentBodies(fetchMock, PATH)).toEqual([
      { email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', role: 'viewer', expiresAt: '2030-06-01T00:00:00.000Z' },
    ]);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server message when the invite fails and stays open', async () => {
    const { user, onClose } = prepare(() =>
      jsonResponse(
        { error: { type: 'conflict', name: 'ConflictError', message: 'grace@example.com is already on the team of Harbor', status: 409 } },
        409,
      ),
    );
    await fill(user, await screen.findByLabelText(/^Email/), 'grace@example.com');
    await fill(user, screen.getByLabelText(/^First name/), 'Grace');
    await fill(user, screen.getByLabelText(/^Last name/), 'Hopper');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('grace@example.com is already on the team of Harbor')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
