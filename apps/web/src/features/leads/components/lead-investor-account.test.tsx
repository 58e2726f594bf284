import { screen, within } from '@testing-library/react';
import type { TenantLead } from '@tessera/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { investorAccountState } from './investor-account-state.ts';
import { renderLeadPage } from './lead-detail.test-render.tsx';
import { activeMember, LEAD_API, makeLead, MEMBER_ID } from './leads.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pendingMember = { _id: MEMBER_ID, user: null, membershipStatus: 'invited', role: 'investor' } as const;

describe('investorAccountState (002 §4)', () => {
  it.each<[string, Partial<TenantLead>, string]>([
    ['never invited', {}, 'invite'],
    ['invited, pending', { inviteStatus: 'invited', tenantMember: pendingMember }, 'invited'],
    ['invited, no member yet', { inviteStatus: 'invited' }, 'invited'],
    ['rejected', { inviteStatus: 'rejected', tenantMember: { ...pendingMember, membershipStatus: 'invite-rejected' } }, 'rejected'],
    ['invitation failed', { inviteStatus: 'error' }, 'resend'],
    ['invitation mail failed, membership invited', { inviteStatus: 'error', tenantMember: pendingMember }, 'resend'],
    [
      'member neither invited nor rejected, no account',
      { inviteStatus: 'none', tenantMember: { ...pendingMember, membershipStatus: 'requested' } },
      'resend',
    ],
    ['account', { inviteStatus: 'accepted', tenantMember: activeMember, accountStatus: 'active' }, 'account'],
  ])('%s', (_name, overrides, kind) => {
    expect(investorAccountState(makeLead(overrides)).kind).toBe(kind);
  });
});

async function investorAccount(overrides: Partial<TenantLead>, handler?: Parameters<typeof renderLeadPage>[2]) {
  const rendered = renderLeadPage(makeLead(overrides), '', handler);
  const region = await screen.findByRole('region', { name: 'Investor Account' });
  return { ...rendered, region };
}

describe('Investor Account', () => {
  it("offers 'Invite' to a lead never invited, then shows 'Invite Sent'", async () => {
    // The server's copy: the lead refetches after the invitation.
    let current = makeLead();
    const { user, region } = await investorAccount({}, (path, init) => {
      if (path === `${LEAD_API}/invite` && init?.method === 'POST') {
        current = makeLead({ inviteStatus: 'invited', tenantMember: pendingMember, accountStatus: 'invited' });
        return jsonResponse({ data: current });
      }
      return path === LEAD_API && init?.method === 'GET' ? jsonResponse({ data: current }) : undefined;
    });
    await user.click(within(region).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invite Sent', { selector: '#notistack-snackbar' })).toBeInTheDocument();
    expect(await within(region).findByText('Invite Sent')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
  });

  it("shows 'Invite Sent' without a button while the invitation is pending", async () => {
    const { region } = await investorAccount({ inviteStatus: 'invited', tenantMember: pendingMember, accountStatus: 'invited' });
    expect(within(region).getByText('Invite Sent')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it("shows 'Invite Rejected' once the lead refused", async () => {
    const { region } = await investorAccount({
      inviteStatus: 'rejected',
      tenantMember: { ...pendingMember, membershipStatus: 'invite-rejected' },
      accountStatus: 'invite-rejected',
    });
    expect(within(region).getByText('Invite Rejected')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });

  it("offers 'Resend Invite' when the last invitation failed", async () => {
    const { region, user } = await investorAccount({ inviteStatus: 'error' }, (path) =>
      path === `${LEAD_API}/invite`
        ? jsonResponse({ error: { type: 'unavailable', name: 'MailError', message: 'The mail server did not answer', status: 503 } }, 503)
        : undefined,
    );
    await user.click(within(region).getByRole('button', { name: 'Resend Invite' }));
    expect(await screen.findByText('Error sending lead invite: The mail server did not answer')).toBeInTheDocument();
  });

  it("shows an account's status and role, and the summary of their accreditation", async () => {
    const { region } = await investorAccount({ inviteStatus: 'accepted', tenantMember: activeMember, accountStatus: 'active' }, (path) =>
      path === `${LEAD_API}/accreditation-application`
        ? jsonResponse({
            data: {
              _id: 'c9c9c9c9c9c9c9c9c9c9c9c9',
              status: 'approved',
              verificationMethod: 'income',
              reviewedAt: '2026-10-01T12:00:00.000Z',
              expiresAt: '2026-12-30T12:00:00.000Z',
              expired: false,
              updatedAt: '2026-10-01T12:00:00.000Z',
            },
          })
        : undefined,
    );
    expect(within(region).getByText('Active')).toBeInTheDocument();
    expect(within(region).getByText('Investor')).toBeInTheDocument();
    expect(await within(region).findByText('Approved')).toBeInTheDocument();
    expect(within(region).getByText('Expires')).toBeInTheDocument();
    expect(within(region).queryByRole('button')).not.toBeInTheDocument();
  });
});
