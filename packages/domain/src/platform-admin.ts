import { z } from 'zod';
import { accountStatus, identityVerificationStatus, membershipStatus, tenantRole, userRole } from './enums.ts';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { tenantSlug } from './tenant.ts';
import { email } from './validation.ts';

/** Host labels the platform uses itself: a tenant may never take them as its slug. */
export const RESERVED_SLUGS = ['www', 'api', 'manage', 'admin', 'app', 'mail', 'static', 'docs', 'status', 'localhost'] as const;
export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug);
}
export const RESERVED_SLUG_ERROR = 'This address is reserved by the platform';
export const SLUG_TAKEN_ERROR = 'This address is already taken';

export const newTenantSlug = tenantSlug
  .refine((slug) => !isReservedSlug(slug), RESERVED_SLUG_ERROR)
  .meta({ not: { enum: [...RESERVED_SLUGS] } });

/** A list's search text, as each admin list describes it. */
const searchText = (what: string) =>
  z.string().trim().max(100).optional().describe(`Keeps the rows whose ${what} contains this text (case-insensitive)`);

export const adminTenantQuery = pageQuery.extend({ search: searchText('name or slug') });
export type AdminTenantQuery = z.infer<typeof adminTenantQuery>;

export const adminTenant = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    verificationStatus: identityVerificationStatus,
    memberCount: z.number().int().min(0).describe('How many active members the tenant has'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'AdminTenant',
    description: 'A tenant as platform admins see it: its address, identity verification and active member count.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f1',
        slug: 'acme-capital',
        name: 'Acme Capital',
        description: 'Private credit and real estate funds',
        website: 'https://acme-capital.example',
        verificationStatus: 'approved',
        memberCount: 14,
        createdAt: '2026-10-02T08:15:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type AdminTenant = z.infer<typeof adminTenant>;

export const tenantCreateBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    slug: newTenantSlug.describe(
      `The tenant's address, {slug}.{platform domain}: not one the platform reserves (${RESERVED_SLUGS.join(', ')})`,
    ),
    ownerEmail: email.describe("The owner's e-mail: an existing account becomes an active owner at once, a new one is invited"),
  })
  .meta({
    id: 'TenantCreate',
    description: 'A new tenant: its name, its address (slug) and the e-mail of its first owner.',
    examples: [{ name: 'Acme Capital', slug: 'acme-capital', ownerEmail: 'olivia@acme-capital.example' }],
  });
export type TenantCreateBody = z.input<typeof tenantCreateBody>;

export const slugAvailabilityQuery = z.object({
  slug: z.string().trim().toLowerCase().max(63).describe('The address to check (lowercased)'),
});
export const slugAvailability = z
  .object({
    slug: z.string(),
    available: z.boolean(),
    reason: z.string().nullable().describe('Why it is not available, or null'),
  })
  .meta({
    id: 'SlugAvailability',
    description: 'Whether a tenant address may be taken, and why not.',
    examples: [{ slug: 'acme-capital', available: false, reason: 'This address is already taken' }],
  });
export type SlugAvailability = z.infer<typeof slugAvailability>;

export const adminMemberQuery = pageQuery.extend({ search: searchText('e-mail, first or last name') });
export const adminTenantMember = z
  .object({
    _id: objectId,
    user: objectId,
    email: z.string(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    role: tenantRole,
    membershipStatus,
    createdAt: timestamp,
  })
  .meta({
    id: 'AdminTenantMember',
    description: "A member of a tenant as platform admins list them: the account's e-mail, role and membership status.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f9',
        user: '6745a1c2e4b0a1b2c3d4e5f8',
        email: 'olivia@acme-capital.example',
        firstname: 'Olivia',
        lastname: 'Owner',
        role: 'owner',
        membershipStatus: 'active',
        createdAt: '2026-10-02T08:15:00.000Z',
      },
    ],
  });
export type AdminTenantMember = z.infer<typeof adminTenantMember>;

export const adminUserQuery = pageQuery.extend({
  search: searchText('e-mail, first or last name'),
  role: userRole.optional().describe('Only the accounts with this platform role'),
  accountStatus: accountStatus.optional().describe('Only the accounts in this status'),
});
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

export const userRoleBody = z.object({ role: userRole.describe('The platform role: admin makes a platform admin') }).meta({
  id: 'UserRoleUpdate',
  description: "A user's new platform role.",
  examples: [{ role: 'evaluator' }],
});
export type UserRoleBody = z.infer<typeof userRoleBody>;
export const userRoleLabels: Record<z.infer<typeof userRole>, string> = {
  user: 'User',
  admin: 'Admin',
  demo: 'Demo',
  'institution-admin': 'Institution admin',
  evaluator: 'Evaluator',
};

export const userAssociations = z
  .object({
    memberships: z.array(
      z.object({
        _id: objectId,
        tenant: z.object({ _id: objectId, slug: z.string(), name: z.string() }),
        role: tenantRole,
        membershipStatus,
        createdAt: timestamp,
      }),
    ),
    counts: z.object({
      individualProfiles: z.number().int().min(0),
      legalEntityProfiles: z.number().int().min(0),
      documents: z.number().int().min(0),
    }),
  })
  .meta({
    id: 'UserAssociations',
    description: 'What an account is tied to: its membership of each tenant, and how many profiles and documents it has.',
    examples: [
      {
        memberships: [
          {
            _id: '6745a1c2e4b0a1b2c3d4e5f9',
            tenant: { _id: '6745a1c2e4b0a1b2c3d4e5f1', slug: 'acme-capital', name: 'Acme Capital' },
            role: 'investor',
            membershipStatus: 'active',
            createdAt: '2026-10-02T08:15:00.000Z',
          },
        ],
        counts: { individualProfiles: 1, legalEntityProfiles: 2, documents: 7 },
      },
    ],
  });
export type UserAssociations = z.infer<typeof userAssociations>;

/** What a role assignment is about. Tenant assignments are the user's membership of that tenant. */
export const rbacEntityType = z.enum(['tenant', 'institution', 'offer']);
export type RbacEntityType = z.infer<typeof rbacEntityType>;

const ASSIGNMENT_EXAMPLE = {
  _id: '6745a1c2e4b0a1b2c3d4e5fb',
  user: '6745a1c2e4b0a1b2c3d4e5f8',
  tenant: '6745a1c2e4b0a1b2c3d4e5f1',
  entityType: 'institution',
  entity: '6745a1c2e4b0a1b2c3d4e5fc',
  role: 'editor',
  createdAt: '2026-11-20T14:05:00.000Z',
  updatedAt: '2026-11-27T09:30:00.000Z',
} as const;

export const roleAssignment = z
  .object({
    _id: objectId.describe("The assignment's id (for a tenant assignment, the membership's rbac id)"),
    user: objectId,
    tenant: objectId,
    entityType: rbacEntityType,
    entity: objectId.describe('The id of the tenant, institution or offer'),
    role: tenantRole,
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'RoleAssignment',
    description: "A user's role on a tenant (their membership), an institution or an offer.",
    examples: [ASSIGNMENT_EXAMPLE],
  });
export type RoleAssignment = z.infer<typeof roleAssignment>;

export const roleAssignmentBody = z
  .object({
    entityType: rbacEntityType,
    entity: objectId.describe('The id of the tenant, institution or offer'),
    role: tenantRole,
    tenant: objectId
      .optional()
      .describe('The tenant the institution or offer belongs to: required for those, ignored for a tenant assignment'),
  })
  .refine((b) => b.entityType === 'tenant' || b.tenant, {
    message: 'tenant is required for institution and offer assignments',
    path: ['tenant'],
  })
  .meta({
    allOf: [
      {
        if: { properties: { entityType: { not: { const: 'tenant' } } } },
        then: { required: ['tenant'], properties: { tenant: { type: 'string' } }, unevaluatedProperties: true },
      },
    ],
  })
  .meta({
    id: 'RoleAssignmentCreate',
    description: 'A role to give a user on a tenant, an institution or an offer (institution and offer need their tenant).',
    examples: [{ entityType: 'institution', entity: ASSIGNMENT_EXAMPLE.entity, role: 'editor', tenant: ASSIGNMENT_EXAMPLE.tenant }],
  });
export type RoleAssignmentBody = z.input<typeof roleAssignmentBody>;

export const roleAssignmentUpdateBody = z.object({ role: tenantRole }).meta({
  id: 'RoleAssignmentUpdate',
  description: "A role assignment's new role.",
  examples: [{ role: 'viewer' }],
});

/** The query of the cross-tenant offer list (applications have their own, with filters: see application.ts). */
export const adminListQuery = pageQuery.extend({ search: searchText("offer's or tenant's name or slug") });
export type AdminListQuery = z.infer<typeof adminListQuery>;

/** An offer as platform admins list them across tenants (GET admin/offer). */
export const adminOfferItem = z
  .object({
    _id: objectId,
    tenant: objectId,
    tenantSlug: z.string(),
    tenantName: z.string(),
    name: z.string(),
    slug: z.string(),
    institution: z.object({ _id: objectId, name: z.string() }),
    approvalStatus: z.enum(['pending', 'approved', 'rejected']),
    published: z.boolean(),
    visibilityStatus: z.enum(['visible', 'hidden']),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'AdminOffer',
    description: 'An offer of any tenant as platform admins list them: its tenant, institution, approval, publishing and visibility.',
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5fd',
        tenant: '6745a1c2e4b0a1b2c3d4e5f1',
        tenantSlug: 'acme-capital',
        tenantName: 'Acme Capital',
        name: 'Harbor Point Apartments',
        slug: 'harbor-point-apartments',
        institution: { _id: '6745a1c2e4b0a1b2c3d4e5fc', name: 'Acme Real Estate Partners' },
        approvalStatus: 'approved',
        published: true,
        visibilityStatus: 'visible',
        createdAt: '2026-11-20T14:05:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type AdminOfferItem = z.infer<typeof adminOfferItem>;
