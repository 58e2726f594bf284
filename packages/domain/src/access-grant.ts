import { z } from 'zod';
import { tenantRole, type TenantRole } from './enums.ts';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { email, SEARCH_MIN_CHARS } from './validation.ts';

/** What a grant may cover and who may hold one. */
export const accessResourceType = z.enum(['document']);
export type AccessResourceType = z.infer<typeof accessResourceType>;
export const accessSubjectType = z.enum(['user']);
export type AccessSubjectType = z.infer<typeof accessSubjectType>;

export const accessRight = z.enum(['read', 'update', 'delete', 'share']);
export type AccessRight = z.infer<typeof accessRight>;

/** Exactly the rights each role gives on a shared resource: owner everything, editor read and update, every other role read. */
export const ROLE_RIGHTS: Record<TenantRole, readonly AccessRight[]> = {
  owner: ['read', 'update', 'delete', 'share'],
  editor: ['read', 'update'],
  member: ['read'],
  investor: ['read'],
  invited: ['read'],
  viewer: ['read'],
  evaluator: ['read'],
};

export const accessRights = z
  .object({ read: z.boolean(), update: z.boolean(), delete: z.boolean(), share: z.boolean() })
  .describe('What the caller may do with the resource');
export type AccessRights = z.infer<typeof accessRights>;

export function rightsOf(role: TenantRole | null): AccessRights {
  const granted = role ? ROLE_RIGHTS[role] : [];
  return {
    read: granted.includes('read'),
    update: granted.includes('update'),
    delete: granted.includes('delete'),
    share: granted.includes('share'),
  };
}

/** §6: in an access list the role changes inline only between these two. */
export const INLINE_ROLES = ['owner', 'member'] as const satisfies readonly TenantRole[];
export function canChangeRoleInline(role: TenantRole): boolean {
  return (INLINE_ROLES as readonly TenantRole[]).includes(role);
}

export const tenantRoleLabels: Record<TenantRole, string> = {
  owner: 'Owner',
  member: 'Member',
  investor: 'Investor',
  invited: 'Invited',
  viewer: 'Viewer',
  editor: 'Editor',
  evaluator: 'Evaluator',
};

const expiresAt = z.iso.datetime({ error: 'Expiry must be an ISO date-time' }).nullable();

/** A grant that would be expired the moment it is written is refused (the server checks against its clock). */
export const EXPIRY_IN_PAST_ERROR = 'The expiry must be in the future';
export function isPastExpiry(expiresAt: string | null | undefined, now: Date): boolean {
  return Boolean(expiresAt) && new Date(expiresAt!).getTime() <= now.getTime();
}

export const accessGrant = z
  .object({
    _id: objectId,
    subject: objectId.nullable().describe('The account holding the grant; null while the invitation is pending'),
    subjectType: accessSubjectType,
    subjectEmail: z.string(),
    subjectName: z.string().describe("The member's name; the e-mail as typed while the invitation is pending"),
    /**
     * 'partial' while the person has not accepted the invitation to this tenant (only then may it be resent), whether
     * or not the address has an account elsewhere; the grant counts once they accept.
     */
    subjectSignupStatus: z
      .enum(['partial', 'complete'])
      .describe('partial while the person has not accepted the invitation to this tenant (the grant counts once they do)'),
    resource: objectId,
    resourceType: accessResourceType,
    resourceEmail: z.string().nullable(),
    role: tenantRole,
    expiresAt,
    expired: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'AccessGrant',
    description: 'A role on a document given to a person, until it expires (null: never).',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5fd',
        subject: '6745a1c2e4b0a1b2c3d4e5d1',
        subjectType: 'user',
        subjectEmail: 'advisor@example.com',
        subjectName: 'Sam Advisor',
        subjectSignupStatus: 'complete',
        resource: '6745a1c2e4b0a1b2c3d4e5f6',
        resourceType: 'document',
        resourceEmail: null,
        role: 'editor',
        expiresAt: '2027-01-31T23:59:59.000Z',
        expired: false,
        createdAt: '2026-11-24T11:20:00.000Z',
        updatedAt: '2026-11-24T11:20:00.000Z',
      },
    ],
  });
export type AccessGrant = z.infer<typeof accessGrant>;

/** §5: a subject (an existing user) or an e-mail (invited when unknown), and a role. The resource comes from the path. */
export const accessGrantCreateBody = z
  .object({
    subject: objectId.optional(),
    subjectEmail: email.optional(),
    subjectType: accessSubjectType.default('user'),
    role: tenantRole,
    expiresAt: expiresAt.optional(),
  })
  .refine((b) => Boolean(b.subject) !== Boolean(b.subjectEmail), { message: 'Give either a subject or a subjectEmail', path: ['subject'] })
  .meta({
    id: 'AccessGrantCreate',
    description:
      'A grant: either a member (subject) or an e-mail (subjectEmail: anyone not yet a member is invited and the grant counts once they accept), a role and an optional expiry.',
    examples: [{ subjectEmail: 'advisor@example.com', subjectType: 'user', role: 'editor', expiresAt: '2027-01-31T23:59:59.000Z' }],
    oneOf: [{ required: ['subject'] }, { required: ['subjectEmail'] }],
  });
export type AccessGrantCreateBody = z.input<typeof accessGrantCreateBody>;

export const accessGrantUpdateBody = z
  .object({ role: tenantRole.optional(), expiresAt: expiresAt.optional() })
  .refine((b) => b.role !== undefined || b.expiresAt !== undefined, { message: 'Change the role or the expiry', path: ['role'] })
  .meta({
    id: 'AccessGrantUpdate',
    description: 'The new role or expiry of a grant (at least one).',
    examples: [{ role: 'member', expiresAt: null }],
    anyOf: [{ required: ['role'] }, { required: ['expiresAt'] }],
  });
export type AccessGrantUpdateBody = z.input<typeof accessGrantUpdateBody>;

/**
 * GET user/{id}/share-entity-options: a person the user can share with, as the access-grant form offers them: an active
 * member they already share or work with (the tenant's owners: any active member).
 */
export const shareEntityOption = z.object({ _id: objectId, name: z.string(), email: z.string() }).meta({
  id: 'ShareEntityOption',
  description:
    'An active member of this tenant the caller already shares or works with (any active member for its owners): their user id, display name and e-mail.',
  examples: [{ _id: '6745a1c2e4b0a1b2c3d4e5f9', name: 'Sam Lee', email: 'sam.lee@example.com' }],
});
export type ShareEntityOption = z.infer<typeof shareEntityOption>;

/** §6 search boxes: the search, when given, over name and e-mail, has more than 2 characters. */
export const shareEntityOptionsQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .min(SEARCH_MIN_CHARS, `search must be more than ${SEARCH_MIN_CHARS - 1} characters`)
    .max(100, 'search must be at most 100 characters')
    .optional()
    .describe('Matches first, last and display names and e-mail; more than 2 characters'),
});
export type ShareEntityOptionsQuery = z.input<typeof shareEntityOptionsQuery>;

/** The form's offer for a typed value that matches no one. */
export const inviteOptionLabel = (value: string) => `Invite "${value}"`;
