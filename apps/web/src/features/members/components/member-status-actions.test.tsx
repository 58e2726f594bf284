import { screen } from '@testing-library/react';
import type { MembershipStatus } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, sentBodies } from '../../../test/fetch-mock.ts';
import { TENANT_ID } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MemberStatusActions } from './member-status-actions.tsx';
import { makeMember, MEMBER_ID } from './members.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = `/api/v1/tenant/${TENANT_ID}/members/${MEMBER_ID}`;
const ACTIONS = ['Activate', 'Suspend', 'Revoke Invite', 'Reopen Invite', 'Deny Request', 'Resend Invite'];

function render(overrides: Parameters<typeof makeMember>[0]) {
  const member = makeMember(overrides);
  const fetchMock = mockFetch((_path, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { membershipStatus?: MembershipStatus }) : {};
    return jsonResponse({ data: { ...member, ...body } });
  });
  const { user } = renderRoutes([{ path: '/', element: <MemberStatusActions tenantId={TENANT_ID} member={member} /> }]);
  return { user, fetchMock };
}
const shown = () => ACTIONS.filter((name) => screen.queryByRole('button', { name }) !== null);

describe('MemberStatusActions', () => {
  it.each([
    ['active', 'complete', ['Suspend']],
    ['suspended', 'complete', ['Activate']],
    ['invited', 'partial', ['Revoke Invite', 'Resend Invite']],
    ['invite-rejected', 'partial', ['Reopen Invite']],
    ['requested', 'complete', ['Activate', 'Deny Request']],
    ['request-denied', 'complete', ['Activate']],
  ] as const)('offers only the allowed changes from %s', async (membershipStatus, signupStatus, expected) => {
    render({ membershipStatus, signupStatus });
    await screen.findByText(/Current status/);
    expect(shown()).toEqual(expected);
  });

  it('asks before suspending, then sends the change and toasts', async () => {
    const { user, fetchMock } = render({ membershipStatus: 'active' });
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('The member loses access at once, until reactivated.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${BASE}/membership-status`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Status changed to Suspended')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `${BASE}/membership-status`)).toEqual([{ membershipStatus: 'suspended' }]);
  });

  it('approves a request at once, without asking', async () => {
    const first = render({ membershipStatus: 'requested' });
    await first.user.click(await screen.findByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Status changed to Active')).toBeInTheDocument();
    expect(sentBodies(first.fetchMock, `${BASE}/membership-status`)).toEqual([{ membershipStatus: 'active' }]);
  });

  it('resends the invitation while the invitee has not signed up', async () => {
    const { user, fetchMock } = render({ membershipStatus: 'invited', signupStatus: 'partial' });
    await user.click(await screen.findByRole('button', { name: 'Resend Invite' }));
    expect(await screen.findByText('Invite resent')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).endsWith(`${BASE}/resend-invite`) && init?.method === 'POST')).toBe(
      true,
    );
  });
});
