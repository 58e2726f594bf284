import type { LeadAccountStatus, TenantLead, TenantRole } from '@tessera/domain';

/**
 * What the Investor Account accordion shows (002 §4): an account once the person has one; 'Invite Sent' while their
 * membership invitation is pending and 'Invite Rejected' once refused, both without an account; 'Invite' for a lead
 * never invited; 'Resend Invite' for any other lead without an account (an invitation that failed, or a membership
 * neither invited nor rejected).
 */
export type InvestorAccountState =
  | { kind: 'account'; status: LeadAccountStatus; role: TenantRole }
  | { kind: 'invited' }
  | { kind: 'rejected' }
  | { kind: 'invite' }
  | { kind: 'resend' };

export function investorAccountState(lead: Pick<TenantLead, 'tenantMember' | 'inviteStatus' | 'accountStatus'>): InvestorAccountState {
  const member = lead.tenantMember;
  // The last invitation's mail failed: the membership may read 'invited', but nobody was told: offer to send again.
  if (lead.inviteStatus === 'error') return { kind: 'resend' };
  if (member?.membershipStatus === 'invited' || (!member && lead.inviteStatus === 'invited')) return { kind: 'invited' };
  if (member?.membershipStatus === 'invite-rejected' || (!member?.user && lead.inviteStatus === 'rejected')) return { kind: 'rejected' };
  if (member?.user) return { kind: 'account', status: member.membershipStatus, role: member.role };
  if (!member && lead.inviteStatus === 'none') return { kind: 'invite' };
  return { kind: 'resend' };
}
