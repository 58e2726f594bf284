import type { LeadInviteStatus, MembershipStatus } from '@tessera/domain';

/**
 * A lead's invite status as it is shown (002 §3, §4), computed from their tenant membership rather than kept in step
 * with it: the membership decides once there is one, so an accepted invitation shows without the auth module telling
 * the leads module. `tenant_leads.invite_status` keeps what the membership cannot say: 'error' when the invitation
 * mail failed, and what the team did last ('invited') while the lead has no membership row.
 *
 * - active or suspended membership (they accepted once): 'accepted'
 * - invited: 'invited', or 'error' while the last invitation mail failed (a resend puts it right); invite-rejected: 'rejected'
 * - requested or request-denied (they asked to join themselves): the stored status
 * - no membership (never invited, or the membership was removed): 'error' if the last invitation mail failed, else 'none'
 */
export function leadInviteStatusOf(stored: LeadInviteStatus, membership: MembershipStatus | null | undefined): LeadInviteStatus {
  switch (membership) {
    case 'active':
    case 'suspended':
      return 'accepted';
    case 'invited':
      return stored === 'error' ? 'error' : 'invited';
    case 'invite-rejected':
      return 'rejected';
    case 'requested':
    case 'request-denied':
      return stored;
    case null:
    case undefined:
      return stored === 'error' ? 'error' : 'none';
  }
}
