import { z } from 'zod';
import { inviteBody } from './auth.ts';
import {
  membershipStatus,
  membershipStatusLabels,
  permission,
  signupStatus,
  tenantRole,
  type MembershipStatus,
  type Permission,
} from './enums.ts';
import { pageQuery, sortDirection } from './http.ts';
import { objectId } from './ids.ts';
import { TENANT_MEMBER_EXAMPLE, tenantMember } from './user.ts';
import { userDisplayName } from './text.ts';
import { isValidDate, optionalPersonName } from './validation.ts';

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

/**
 * A membership whose invitation was never accepted: invited, or its invitation withdrawn. Until the person accepts,
 * the tenant knows only what the inviter typed (issue #21): not whether the address has an account elsewhere, not
 * that account's name, id or status.
 */
export const PENDING_MEMBERSHIP_STATUSES = ['invited', 'invite-rejected'] as const satisfies readonly MembershipStatus[];
export function isPendingMembership(status: MembershipStatus): boolean {
  return (PENDING_MEMBERSHIP_STATUSES as readonly MembershipStatus[]).includes(status);
}

/** A member as tenant admins see it: the membership plus whether the person has accepted the invitation yet. */
export const tenantMemberAdmin = tenantMember
  .extend({
    user: objectId
      .nullable()
      .describe(
        'The account, once the person has accepted; null while the invitation is pending (whether or not the address has an account)',
      ),
    signupStatus: signupStatus.describe('partial while the person has not accepted the invitation yet'),
  })
  .meta({
    id: 'TenantMemberAdmin',
    description:
      "A member of the tenant as its owners see them: the membership, its role and access, groups and whether the invitation is accepted. Until it is, names are the inviter's and the account is not named.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f9',
        tenant: '6745a1c2e4b0a1b2c3d4e5f1',
        user: '6745a1c2e4b0a1b2c3d4e5f8',
        firstname: 'Ivan',
        middlename: null,
        lastname: 'Investor',
        email: 'ivan@example.com',
        image: null,
        tags: ['seed round'],
        groups: ['6745a1c2e4b0a1b2c3d4e5f7'],
        membershipStatus: 'active',
        rbac: {
          _id: '6745a1c2e4b0a1b2c3d4e5fe',
          role: 'investor',
          attributes: { 'institution:manage': false, 'investment:make': true, 'marketplace:view': true },
          expiresAt: null,
        },
        preferences: { themeMode: null, timeFormat: null, dateFormat: null, appMode: null, institution: null },
        createdAt: '2026-11-20T14:05:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
        signupStatus: 'complete',
      },
    ],
  });
export type TenantMemberAdmin = z.infer<typeof tenantMemberAdmin>;

export const memberSort = z.enum(['createdAt', 'name', 'email', 'role', 'membershipStatus']);
export type MemberSort = z.infer<typeof memberSort>;

export const memberListQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .describe('Keeps the members whose name or e-mail contains this text (case-insensitive)'),
  role: tenantRole.optional().describe('Only the members with this role'),
  membershipStatus: membershipStatus.optional().describe('Only the members in this membership status'),
  /** Leaves out the members of this group: the group page's picker offers only members who can still be added. */
  notInGroup: objectId.optional().describe("Leaves out the members of this group (a group's id)"),
  sort: memberSort.default('createdAt').describe('What to sort by'),
  direction: sortDirection.default('desc').describe('Newest or largest first (desc, the default) or the other way'),
});
export type MemberListQuery = z.input<typeof memberListQuery>;

/**
 * The answer to an invitation (POST auth/invite): the pending membership, with the names the inviter typed. It looks
 * the same whether or not the address already has an account anywhere on the platform.
 */
export const inviteResult = z.object({ tenantMember: tenantMemberAdmin }).meta({
  id: 'InviteResult',
  description: 'The invited membership, pending until the person accepts the e-mailed invitation.',
  examples: [
    {
      tenantMember: {
        ...TENANT_MEMBER_EXAMPLE,
        user: null,
        groups: [],
        membershipStatus: 'invited',
        rbac: { ...TENANT_MEMBER_EXAMPLE.rbac, role: 'investor' },
        signupStatus: 'partial',
      },
    },
  ],
});
export type InviteResult = z.infer<typeof inviteResult>;

/** Invite by e-mail; the person joins once they accept. Owners are made by promoting a member afterwards. */
export const memberInviteBody = inviteBody.extend({ role: tenantRole.exclude(['owner']).default('member') }).meta({
  id: 'MemberInvite',
  description: 'Who to invite, with which role (owners are made by changing the role afterwards), attribute flags and an optional expiry.',
  examples: [
    {
      email: 'ivan@example.com',
      firstname: 'Ivan',
      lastname: 'Investor',
      role: 'investor',
      attributes: { 'investment:make': true, 'marketplace:view': true },
      expiresAt: null,
    },
  ],
});
export type MemberInviteBody = z.input<typeof memberInviteBody>;

const optionalName = (label: string) =>
  optionalPersonName(label)
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
  .meta({
    id: 'MemberDetailsUpdate',
    description: "Changes to a member's names and tags; fields left out are unchanged, empty names are saved as null.",
    examples: [{ firstname: 'Ivan', lastname: 'Investor', tags: ['seed round', 'family office'] }],
  });
export type MemberDetailsBody = z.input<typeof memberDetailsBody>;

export const memberImageBody = z
  .object({ image: objectId.nullable().describe('The id POST image answered, or null to clear the image') })
  .meta({ id: 'MemberImageUpdate', description: "A member's new image.", examples: [{ image: '6745a1c2e4b0a1b2c3d4e5ff' }] });
export const memberRoleBody = z
  .object({ role: tenantRole })
  .meta({ id: 'MemberRoleUpdate', description: "A member's new role.", examples: [{ role: 'editor' }] });
export type MemberRoleBody = z.input<typeof memberRoleBody>;

export const memberAccessBody = z
  .object({
    attributes: z.partialRecord(permission, z.boolean()).optional().describe('The flags to change; flags left out keep their value'),
    expiresAt: z.iso
      .datetime({ error: 'Expiry must be an ISO date-time' })
      .nullable()
      .optional()
      .describe('When the access ends, or null for never'),
  })
  .meta({
    id: 'MemberAccessUpdate',
    description: "Changes to a member's attribute flags and access expiry.",
    examples: [{ attributes: { 'institution:manage': true }, expiresAt: '2027-06-30T00:00:00.000Z' }],
  });
export type MemberAccessBody = z.input<typeof memberAccessBody>;

export const memberStatusBody = z
  .object({ membershipStatus })
  .meta({ id: 'MemberStatusUpdate', description: "A member's new membership status.", examples: [{ membershipStatus: 'suspended' }] });
export type MemberStatusBody = z.input<typeof memberStatusBody>;

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
