import { z } from 'zod';
import { inviteBody } from './auth.ts';
import { membershipStatus, permission, signupStatus, tenantRole, type MembershipStatus, type Permission } from './enums.ts';
import { deletedEntity, pageQuery, sortDirection } from './http.ts';
import { objectId } from './ids.ts';
import { tenantMember } from './user.ts';
import { userDisplayName } from './text.ts';
import { isValidDate } from './validation.ts';
import { membershipStatusLabels } from './tenant-admin.ts';

/**
 * Membership-status changes a tenant admin may make (PUT tenant/{t}/members/{id}/membership-status).
 * Other changes happen only through the member: accepting an invitation (or signing in) turns
 * invited, invite-rejected and requested into active; nothing else moves a status.
 *
 * | from            | to (by an admin)           | why                                               |
 * |-----------------|----------------------------|---------------------------------------------------|
 * | active          | suspended                  | block access at once                              |
 * | suspended       | active                     | lift the suspension                               |
 * | invited         | invite-rejected            | withdraw the invitation (its link stops working)  |
 * | invite-rejected | invited                    | reopen it (then resend the invitation)            |
 * | requested       | active, request-denied     | approve or deny a request to join                 |
 * | request-denied  | active                     | approve after all                                 |
 *
 * invited → active is never an admin change: the person must accept, which sets their password.
 */
export const MEMBERSHIP_TRANSITIONS: Record<MembershipStatus, readonly MembershipStatus[]> = {
  active: ['suspended'],
  suspended: ['active'],
  invited: ['invite-rejected'],
  'invite-rejected': ['invited'],
  requested: ['active', 'request-denied'],
  'request-denied': ['active'],
};

export function allowedTransitions(from: MembershipStatus): readonly MembershipStatus[] {
  return MEMBERSHIP_TRANSITIONS[from];
}

/** Why a change is refused, or null when allowed. */
export function transitionError(from: MembershipStatus, to: MembershipStatus): string | null {
  if (from === to) return `The member is already ${membershipStatusLabels[to].toLowerCase()}`;
  if (MEMBERSHIP_TRANSITIONS[from].includes(to)) return null;
  if (from === 'invited' && to === 'active') return 'An invited member becomes active only by accepting the invitation';
  const allowed = MEMBERSHIP_TRANSITIONS[from].map((s) => membershipStatusLabels[s].toLowerCase()).join(' or ');
  return `A member who is ${membershipStatusLabels[from].toLowerCase()} can only be made ${allowed}`;
}

/** The button an admin presses for each target status. */
export const membershipActionLabels: Record<MembershipStatus, string> = {
  active: 'Activate',
  suspended: 'Suspend',
  'invite-rejected': 'Revoke Invite',
  invited: 'Reopen Invite',
  'request-denied': 'Deny Request',
  requested: 'Mark Requested',
};

export const membershipStatusColors: Record<MembershipStatus, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  invited: 'info',
  requested: 'warning',
  'invite-rejected': 'default',
  'request-denied': 'error',
  suspended: 'error',
};

export const permissionLabels: Record<Permission, string> = {
  'institution:manage': 'Manage institutions',
  'investment:make': 'Make investments',
  'marketplace:view': 'View marketplace',
};

/** A member as tenant admins see it: the membership plus whether the account is still only invited. */
export const tenantMemberAdmin = tenantMember.extend({ signupStatus }).describe('TenantMemberAdmin');
export type TenantMemberAdmin = z.infer<typeof tenantMemberAdmin>;

export const memberSort = z.enum(['createdAt', 'name', 'email', 'role', 'membershipStatus']);
export type MemberSort = z.infer<typeof memberSort>;

export const memberListQuery = pageQuery.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  role: tenantRole.optional(),
  membershipStatus: membershipStatus.optional(),
  /** Leaves out the members of this group: the group page's picker offers only members who can still be added. */
  notInGroup: objectId.optional(),
  sort: memberSort.default('createdAt'),
  direction: sortDirection.default('desc'),
});
export type MemberListQuery = z.input<typeof memberListQuery>;

/** Invite by e-mail; an existing account joins directly. Owners are made by promoting a member afterwards. */
export const memberInviteBody = inviteBody.extend({ role: tenantRole.exclude(['owner']).default('member') }).describe('MemberInviteBody');
export type MemberInviteBody = z.input<typeof memberInviteBody>;

const optionalName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const memberDetailsBody = z
  .object({
    firstname: optionalName('First name').optional(),
    middlename: optionalName('Middle name').optional(),
    lastname: optionalName('Last name').optional(),
    tags: z
      .array(z.string().trim().min(1, 'Tags cannot be empty').max(50, 'A tag must be at most 50 characters'))
      .max(50, 'At most 50 tags')
      .optional(),
  })
  .describe('MemberDetailsBody');
export type MemberDetailsBody = z.input<typeof memberDetailsBody>;

export const memberImageBody = z.object({ image: objectId.nullable() }).describe('MemberImageBody');
export const memberRoleBody = z.object({ role: tenantRole }).describe('MemberRoleBody');
export type MemberRoleBody = z.input<typeof memberRoleBody>;

export const memberAccessBody = z
  .object({
    attributes: z.partialRecord(permission, z.boolean()).optional(),
    expiresAt: z.iso.datetime({ error: 'Expiry must be an ISO date-time' }).nullable().optional(),
  })
  .describe('MemberAccessBody');
export type MemberAccessBody = z.input<typeof memberAccessBody>;

export const memberStatusBody = z.object({ membershipStatus }).describe('MemberStatusBody');
export type MemberStatusBody = z.input<typeof memberStatusBody>;

export const memberDeleted = deletedEntity.describe('MemberDeleted');

/** A member's name for lists and messages: first and last name, else e-mail. */
export function memberDisplayName(m: { firstname?: string | null; lastname?: string | null; email?: string | null }): string {
  return userDisplayName({ firstname: m.firstname, lastname: m.lastname, email: m.email });
}

/** The invite form: the expiry is a calendar day (blank for none), sent as the start of that day in UTC. */
export const memberInviteForm = memberInviteBody
  .omit({ expiresAt: true })
  .extend({ expiresOn: z.string().refine((v) => v === '' || isValidDate(v), 'Enter a valid date') })
  .describe('MemberInviteForm');
export type MemberInviteFormValues = z.input<typeof memberInviteForm>;

/** A calendar day (YYYY-MM-DD, or blank) as the ISO expiry the API takes (or null). */
export function expiryFromDay(day: string): string | null {
  return day ? new Date(`${day.slice(0, 10)}T00:00:00.000Z`).toISOString() : null;
}
/** An ISO expiry as the calendar day a date field shows. */
export function dayFromExpiry(expiresAt: string | null | undefined): string {
  return expiresAt ? expiresAt.slice(0, 10) : '';
}

/** The attribute flags a member starts with in the invite form (a member's defaults); the form sends all of them. */
export const INVITE_DEFAULT_ATTRIBUTES: Record<Permission, boolean> = {
  'institution:manage': false,
  'investment:make': true,
  'marketplace:view': true,
};
