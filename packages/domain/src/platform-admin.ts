import { z } from 'zod';
import { accountStatus, identityVerificationStatus, membershipStatus, tenantRole, userRole } from './enums.ts';
import { deletedEntity, pageQuery } from './http.ts';
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

export const newTenantSlug = tenantSlug.refine((slug) => !isReservedSlug(slug), RESERVED_SLUG_ERROR);

export const adminTenantQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export type AdminTenantQuery = z.infer<typeof adminTenantQuery>;

export const adminTenant = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    verificationStatus: identityVerificationStatus,
    /** Active members. */
    memberCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('AdminTenant');
export type AdminTenant = z.infer<typeof adminTenant>;

export const tenantCreateBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    slug: newTenantSlug,
    ownerEmail: email,
  })
  .describe('TenantCreateBody');
export type TenantCreateBody = z.input<typeof tenantCreateBody>;

export const tenantCreateResult = z
  .object({ tenant: adminTenant, owner: z.object({ email: z.string(), membershipStatus }) })
  .describe('TenantCreateResult');
export type TenantCreateResult = z.infer<typeof tenantCreateResult>;

export const slugAvailabilityQuery = z.object({ slug: z.string().trim().toLowerCase().max(63) });
export const slugAvailability = z
  .object({ slug: z.string(), available: z.boolean(), reason: z.string().nullable() })
  .describe('SlugAvailability');
export type SlugAvailability = z.infer<typeof slugAvailability>;

export const tenantDeleted = deletedEntity.describe('TenantDeleted');

export const adminMemberQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const adminTenantMember = z
  .object({
    _id: objectId,
    user: objectId,
    email: z.string(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    role: tenantRole,
    membershipStatus,
    createdAt: z.string(),
  })
  .describe('AdminTenantMember');
export type AdminTenantMember = z.infer<typeof adminTenantMember>;

export const adminUserQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  role: userRole.optional(),
  accountStatus: accountStatus.optional(),
});
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

export const userRoleBody = z.object({ role: userRole }).describe('UserRoleBody');
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
        createdAt: z.string(),
      }),
    ),
    counts: z.object({ individualProfiles: z.number().int(), legalEntityProfiles: z.number().int(), documents: z.number().int() }),
  })
  .describe('UserAssociations');
export type UserAssociations = z.infer<typeof userAssociations>;

/** What a role assignment is about. Tenant assignments are the user's membership of that tenant. */
export const rbacEntityType = z.enum(['tenant', 'institution', 'offer']);
export type RbacEntityType = z.infer<typeof rbacEntityType>;

export const roleAssignment = z
  .object({
    _id: objectId,
    user: objectId,
    tenant: objectId,
    entityType: rbacEntityType,
    entity: objectId,
    role: tenantRole,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('RoleAssignment');
export type RoleAssignment = z.infer<typeof roleAssignment>;

export const roleAssignmentBody = z
  .object({
    entityType: rbacEntityType,
    entity: objectId,
    role: tenantRole,
    /** The tenant an institution or offer belongs to; for a tenant assignment it is the entity itself. */
    tenant: objectId.optional(),
  })
  .refine((b) => b.entityType === 'tenant' || b.tenant, {
    message: 'tenant is required for institution and offer assignments',
    path: ['tenant'],
  })
  .describe('RoleAssignmentBody');
export type RoleAssignmentBody = z.input<typeof roleAssignmentBody>;

export const roleAssignmentUpdateBody = z.object({ role: tenantRole }).describe('RoleAssignmentUpdateBody');
export const roleAssignmentDeleted = deletedEntity.describe('RoleAssignmentDeleted');

/** The query of the cross-tenant offer list (applications have their own, with filters: see application.ts). */
export const adminListQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
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
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('AdminOfferItem');
export type AdminOfferItem = z.infer<typeof adminOfferItem>;
