import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { fill, renderRoutes } from '../../../test/render.tsx';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { makeMember } from './members.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = `/api/v1/tenant/${TENANT_ID}/members`;

function prepare(answer: () => Response) {
  const fetchMock = mockFetch(() => answer());
  const onClose = vi.fn();
  const { user } = renderRoutes([{ path: '/', element: <InviteMemberDialog tenantId={TENANT_ID} open onClose={onClose} /> }]);
  return { user, onClose, fetchMock };
}

describe('InviteMemberDialog', () => {
  it('keeps Invite disabled until an e-mail is given, shows the e-mail rule and the expiry hint', async () => {
    const { user } = prepare(() => jsonResponse({ data: makeMember() }));
    const invite = await screen.findByRole('button', { name: 'Invite' });
    expect(invite).toBeDisabled();
    expect(screen.getByText('Leave blank for no expiration')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Role/ })).toHaveTextContent('Member');
    await fill(user, screen.getByLabelText(/^Email/), 'not-an-email');
    expect(invite).toBeEnabled();
    await user.click(invite);
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('sends the role, every attribute flag and the expiry, then toasts and closes', async () => {
    const { user, onClose, fetchMock } = prepare(() =>
      jsonResponse({ data: makeMember({ membershipStatus: 'invited', signupStatus: 'partial' }) }),
    );
    await fill(user, await screen.findByLabelText(/^Email/), 'grace@example.com');
    await fill(user, screen.getByLabelText(/^First name/), 'Grace');
    await fill(user, screen.getByLabelText(/^Last name/), 'Hopper');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await user.click(screen.getByRole('switch', { name: /institution:manage/ }));
    await fill(user, screen.getByLabelText(/^Expires/), '2030-06-01');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Member invited')).toBeInTheDocument();
    expect(sentBodies(fetchMock, PATH)).toEqual([
      {
        email: 'grace@example.com',
        firstname: 'Grace',
        lastname: 'Hopper',
        role: 'viewer',
        attributes: { 'institution:manage': true, 'investment:make': true, 'marketplace:view': true },
        expiresAt: '2030-06-01T00:00:00.000Z',
      },
    ]);
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('shows the server message when the invite fails and stays open', async () => {
    const { user, onClose } = prepare(() =>
      jsonResponse(
        {
          error: { type: 'conflict', name: 'ConflictError', message: 'This person is already a member of this organization', status: 409 },
        },
        409,
      ),
    );
    await fill(user, await screen.findByLabelText(/^Email/), 'taken@example.com');
    await fill(user, screen.getByLabelText(/^First name/), 'T');
    await fill(user, screen.getByLabelText(/^Last name/), 'K');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('This person is already a member of this organization')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
