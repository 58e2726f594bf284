import {
  DEFAULT_BRANDING,
  RESERVED_SLUG_ERROR,
  type AdminApplicationItem,
  type AdminApplicationQuery,
  type AdminListQuery,
  type AdminOfferItem,
  SLUG_TAKEN_ERROR,
  isReservedSlug,
  tenantSlug,
  userDisplayName,
  type AdminTenant,
  type AdminTenantQuery,
  type AdminUser,
  type AdminUserQuery,
  type List,
  type PageQuery,
  type RoleAssignment,
  type SlugAvailability,
  type TenantRole,
  type TimelineQuery,
  type UserRole,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { inviteBody, roleAssignmentBody } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { roleAssignments, type TenantRow, type UserRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { cappedPageMeta, pageMeta } from '../../lib/pagination.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { TenantCache } from '../../plugins/tenant.ts';
import { invite, type AuthDeps, type CallSite } from '../auth/index.ts';
import { deleteRoleAssignment, insertRoleAssignment, updateRoleAssignment } from '../institutions/index.ts';
import {
  DEFAULT_ATTRIBUTES,
  deleteMemberRow,
  findMember,
  findTenantById,
  findTenantBySlug,
  insertMember,
  insertTenantUnscoped,
  updateMember,
} from '../tenants/index.ts';
import { PLATFORM_TIMELINE, queryEvents, recordEvent } from '../timeline/index.ts';
import { deleteUserRow, findUserById, toAdminUser, updateUser } from '../users/index.ts';
import * as repo from './platform-admin.repository.ts';

export interface AdminDeps extends AuthDeps {
  storage: FileStorage;
  tenantCache: TenantCache;
  defaultTenant: string;
}

// ---- Tenants ----

export async function listTenants(deps: AdminDeps, q: AdminTenantQuery): Promise<List<AdminTenant>> {
  const { rows, total } = await repo.listTenantsUnscoped(deps.db, q);
  return { data: rows, meta: pageMeta(q, total) };
}

export async function checkSlug(deps: AdminDeps, slug: string): Promise<SlugAvailability> {
  const format = tenantSlug.safeParse(slug);
  if (!format.success) return { slug, available: false, reason: format.error.issues[0]?.message ?? 'Invalid address' };
  if (isReservedSlug(slug)) return { slug, available: false, reason: RESERVED_SLUG_ERROR };
  if (await findTenantBySlug(deps.db, slug)) return { slug, available: false, reason: SLUG_TAKEN_ERROR };
  return { slug, available: true, reason: null };
}

async function loadTenant(deps: AdminDeps, idOrSlug: string): Promise<{ tenant: TenantRow; memberCount: number }> {
  const found = await repo.findTenantWithCountUnscoped(deps.db, idOrSlug);
  if (!found) throw notFound('Tenant');
  return found;
}

/** The tenant alone, for its lists: its member count is 50,000 index entries on a busy tenant (#25). */
async function loadTenantRow(deps: AdminDeps, idOrSlug: string): Promise<TenantRow> {
  const found = await repo.findTenantUnscoped(deps.db, idOrSlug);
  if (!found) throw notFound('Tenant');
  return found;
}

export async function getTenant(deps: AdminDeps, id: string): Promise<AdminTenant> {
  const { tenant, memberCount } = await loadTenant(deps, id);
  return repo.toAdminTenant(tenant, memberCount);
}

/**
 * Creates the tenant, then invites the owner on the new tenant's own address (an existing account becomes an
 * active owner at once). If the invitation fails the tenant is removed again, so no tenant is left without owner.
 * The answer is the new tenant: its member count is 1 when the owner is active already, 0 while invited.
 */
export async function createTenant(
  deps: AdminDeps,
  auth: AuthContext,
  body: { name: string; slug: string; ownerEmail: string },
  origin: string,
): Promise<AdminTenant> {
  if (await findTenantBySlug(deps.db, body.slug)) throw new AppError('conflict', SLUG_TAKEN_ERROR);
  const tenant = await deps.db
    .transaction(async (tx) => {
      const row = await insertTenantUnscoped(tx, { id: newId(), slug: body.slug, name: body.name, branding: DEFAULT_BRANDING });
      await recordEvent(tx, {
        tenantId: row.id,
        type: 'create',
        entity: row.id,
        entityType: 'tenant',
        userId: auth.user.id,
        message: `${userDisplayName(auth.user)} created the tenant ${row.name}`,
        meta: { change: { name: { old: null, new: row.name }, slug: { old: null, new: row.slug } } },
      });
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('conflict', SLUG_TAKEN_ERROR);
      throw error;
    });
  deps.tenantCache.invalidate(tenant.slug);
  const site: CallSite = { tenant, origin };
  // The public invite route refuses the owner role: owners of a new tenant are made only here, by a platform admin.
  const ownerInvite = {
    email: body.ownerEmail,
    firstname: '',
    lastname: '',
    role: 'owner',
    attributes: {},
    expiresAt: null,
  } as unknown as z.output<typeof inviteBody>;
  try {
    const { tenantMember } = await invite(deps, site, auth, ownerInvite);
    return repo.toAdminTenant(tenant, tenantMember.membershipStatus === 'active' ? 1 : 0);
  } catch (error) {
    await deps.db.transaction((tx) => repo.deleteTenantUnscoped(tx, tenant.id));
    deps.tenantCache.invalidate(tenant.slug);
    throw error;
  }
}

export async function deleteTenant(deps: AdminDeps, auth: AuthContext, id: string): Promise<void> {
  const { tenant } = await loadTenant(deps, id);
  if (tenant.id === auth.tenantId) throw new AppError('bad-request', 'You cannot delete the tenant you are signed in to');
  if (tenant.slug === deps.defaultTenant) throw new AppError('bad-request', 'The default tenant cannot be deleted');
  const keys = await deps.db.transaction(async (tx) => {
    // The tenant's own history goes with it, so the deletion is recorded on the platform timeline.
    await recordEvent(tx, {
      tenantId: PLATFORM_TIMELINE,
      type: 'delete',
      entity: tenant.id,
      entityType: 'tenant',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} deleted the tenant ${tenant.name}`,
      meta: { delete: { name: tenant.name, slug: tenant.slug } },
    });
    return repo.deleteTenantUnscoped(tx, tenant.id);
  });
  deps.tenantCache.invalidate(tenant.slug);
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => {})));
}

export async function listTenantEvents(deps: AdminDeps, id: string, q: TimelineQuery) {
  const tenant = await loadTenantRow(deps, id);
  return queryEvents(deps.db, tenant.id, { kind: 'tenant' }, q);
}

export async function listTenantMembers(deps: AdminDeps, id: string, q: PageQuery & { search?: string }) {
  const tenant = await loadTenantRow(deps, id);
  const { data, counted } = await repo.listTenantMembersUnscoped(deps.db, tenant.id, q);
  return { data, meta: cappedPageMeta(q, counted) };
}

// ---- Users ----

async function loadUser(deps: AdminDeps, id: string): Promise<UserRow> {
  const row = await findUserById(deps.db, id);
  if (!row) throw notFound('User');
  return row;
}

export async function listUsers(deps: AdminDeps, q: AdminUserQuery): Promise<List<AdminUser>> {
  const { rows, total } = await repo.listUsersUnscoped(deps.db, q);
  return { data: rows.map(toAdminUser), meta: pageMeta(q, total) };
}

export async function getUser(deps: AdminDeps, id: string): Promise<AdminUser> {
  return toAdminUser(await loadUser(deps, id));
}

export async function userAssociations(deps: AdminDeps, id: string) {
  const target = await loadUser(deps, id);
  return repo.userAssociationsUnscoped(deps.db, target.id);
}

export async function setUserRole(deps: AdminDeps, auth: AuthContext, id: string, role: UserRole): Promise<AdminUser> {
  const target = await loadUser(deps, id);
  if (target.id === auth.user.id && role !== 'admin') throw new AppError('bad-request', 'You cannot remove your own admin role');
  if (target.role === role) return toAdminUser(target);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, { role });
    await recordEvent(tx, {
      tenantId: PLATFORM_TIMELINE,
      type: 'update',
      entity: target.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} changed the role of ${userDisplayName(target)} to ${role}`,
      meta: { change: { role: { old: target.role, new: role } } },
    });
    return row;
  });
  return toAdminUser(updated);
}

export async function deleteUser(deps: AdminDeps, auth: AuthContext, id: string): Promise<void> {
  const target = await loadUser(deps, id);
  if (target.id === auth.user.id) throw new AppError('bad-request', 'You cannot delete your own account');
  await deps.db.transaction(async (tx) => {
    await recordEvent(tx, {
      tenantId: PLATFORM_TIMELINE,
      type: 'delete',
      entity: target.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `${userDisplayName(auth.user)} deleted ${userDisplayName(target)}`,
      meta: { delete: { email: target.email, firstname: target.firstname, lastname: target.lastname, role: target.role } },
    });
    await deleteUserRow(tx, target.id);
  });
}

// ---- Role assignments ----

export async function listAssignments(deps: AdminDeps, id: string, q: PageQuery): Promise<List<RoleAssignment>> {
  const target = await loadUser(deps, id);
  const { rows, total } = await repo.listAssignmentsUnscoped(deps.db, target.id, q);
  return { data: rows, meta: pageMeta(q, total) };
}

/**
 * A tenant assignment is the membership: it is created active with that role, or the existing membership takes
 * the role and becomes active (then `isNew` is false). Institution and offer assignments are kept in role_assignments.
 */
export async function createAssignment(
  deps: AdminDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof roleAssignmentBody>,
): Promise<{ assignment: RoleAssignment; isNew: boolean }> {
  const target = await loadUser(deps, id);
  const tenantId = body.entityType === 'tenant' ? body.entity : body.tenant!;
  const tenant = await findTenantById(deps.db, tenantId);
  if (!tenant) throw notFound('Tenant');
  const actor = userDisplayName(auth.user);
  return deps.db.transaction(async (tx) => {
    if (body.entityType === 'tenant') {
      const existing = await findMember(tx, tenant.id, target.id);
      const member = existing
        ? await updateMember(tx, tenant.id, existing.id, {
            role: body.role,
            attributes: DEFAULT_ATTRIBUTES[body.role],
            membershipStatus: 'active',
          })
        : await insertMember(tx, {
            tenantId: tenant.id,
            user: target,
            role: body.role,
            attributes: DEFAULT_ATTRIBUTES[body.role],
            membershipStatus: 'active',
          });
      const change = {
        role: { old: existing?.role ?? null, new: body.role },
        membershipStatus: { old: existing?.membershipStatus ?? null, new: 'active' },
      };
      await recordEvent(tx, {
        tenantId: tenant.id,
        type: existing ? 'access' : 'create',
        entity: member.id,
        entityType: 'tenant-member',
        userId: auth.user.id,
        message: `${actor} made ${userDisplayName(target)} ${body.role} of ${tenant.name}`,
        meta: { change },
        refs: [{ entity: target.id, entityType: 'user' }],
      });
      await recordUserAccessEvent(
        tx,
        auth,
        target,
        `${actor} gave ${userDisplayName(target)} the ${body.role} role on tenant ${tenant.name}`,
        change,
      );
      return { assignment: repo.memberToAssignment(member), isNew: !existing };
    }
    const existing = await tx
      .select()
      .from(roleAssignments)
      .where(
        and(
          eq(roleAssignments.tenantId, tenant.id),
          eq(roleAssignments.entityType, body.entityType),
          eq(roleAssignments.entityId, body.entity),
          eq(roleAssignments.userId, target.id),
        ),
      );
    if (existing.length) throw new AppError('conflict', 'This user already has a role on this entity: change that assignment instead');
    const row = await insertRoleAssignment(tx, {
      tenantId: tenant.id,
      id: newId(),
      userId: target.id,
      entityType: body.entityType,
      entityId: body.entity,
      role: body.role,
    });
    await recordUserAccessEvent(
      tx,
      auth,
      target,
      `${actor} gave ${userDisplayName(target)} the ${body.role} role on ${body.entityType} ${body.entity}`,
      { role: { old: null, new: body.role }, entityType: { old: null, new: body.entityType }, entity: { old: null, new: body.entity } },
    );
    return { assignment: repo.rowToAssignment(row), isNew: true };
  });
}

export async function updateAssignment(
  deps: AdminDeps,
  auth: AuthContext,
  id: string,
  rbacId: string,
  role: TenantRole,
): Promise<RoleAssignment> {
  const target = await loadUser(deps, id);
  const actor = userDisplayName(auth.user);
  const member = await repo.findMembershipByRbacIdUnscoped(deps.db, target.id, rbacId);
  if (member) {
    if (member.role === role) return repo.memberToAssignment(member);
    return deps.db.transaction(async (tx) => {
      const row = await updateMember(tx, member.tenantId, member.id, { role, attributes: DEFAULT_ATTRIBUTES[role] });
      const change = { role: { old: member.role, new: role } };
      await recordEvent(tx, {
        tenantId: member.tenantId,
        type: 'access',
        entity: member.id,
        entityType: 'tenant-member',
        userId: auth.user.id,
        message: `${actor} changed the role of ${userDisplayName(target)} to ${role}`,
        meta: { change },
        refs: [{ entity: target.id, entityType: 'user' }],
      });
      await recordUserAccessEvent(tx, auth, target, `${actor} changed a tenant role of ${userDisplayName(target)} to ${role}`, change);
      return repo.memberToAssignment(row);
    });
  }
  const assignment = await repo.findRoleAssignmentUnscoped(deps.db, target.id, rbacId);
  if (!assignment) throw notFound('Role assignment');
  if (assignment.role === role) return repo.rowToAssignment(assignment);
  return deps.db.transaction(async (tx) => {
    const row = await updateRoleAssignment(tx, assignment.tenantId, assignment.id, { role });
    await recordUserAccessEvent(
      tx,
      auth,
      target,
      `${actor} changed the ${assignment.entityType} role of ${userDisplayName(target)} to ${role}`,
      { role: { old: assignment.role, new: role } },
    );
    return repo.rowToAssignment(row);
  });
}

/** Removing a tenant assignment removes the membership of that tenant. */
export async function deleteAssignment(deps: AdminDeps, auth: AuthContext, id: string, rbacId: string): Promise<void> {
  const target = await loadUser(deps, id);
  const actor = userDisplayName(auth.user);
  const member = await repo.findMembershipByRbacIdUnscoped(deps.db, target.id, rbacId);
  if (member) {
    await deps.db.transaction(async (tx) => {
      const what = { role: member.role, membershipStatus: member.membershipStatus, tenant: member.tenantId };
      await recordEvent(tx, {
        tenantId: member.tenantId,
        type: 'delete',
        entity: member.id,
        entityType: 'tenant-member',
        userId: auth.user.id,
        message: `${actor} removed ${userDisplayName(target)} from the tenant`,
        meta: { delete: what },
        refs: [{ entity: target.id, entityType: 'user' }],
      });
      await recordEvent(tx, {
        tenantId: PLATFORM_TIMELINE,
        type: 'access',
        entity: target.id,
        entityType: 'user',
        userId: auth.user.id,
        message: `${actor} removed ${userDisplayName(target)} from a tenant`,
        meta: { delete: what },
      });
      await deleteMemberRow(tx, member.tenantId, member.id);
    });
    return;
  }
  const assignment = await repo.findRoleAssignmentUnscoped(deps.db, target.id, rbacId);
  if (!assignment) throw notFound('Role assignment');
  await deps.db.transaction(async (tx) => {
    await recordEvent(tx, {
      tenantId: PLATFORM_TIMELINE,
      type: 'access',
      entity: target.id,
      entityType: 'user',
      userId: auth.user.id,
      message: `${actor} removed the ${assignment.entityType} role of ${userDisplayName(target)}`,
      meta: { delete: { entityType: assignment.entityType, entity: assignment.entityId, role: assignment.role } },
    });
    await deleteRoleAssignment(tx, assignment.tenantId, assignment.id);
  });
}

/**
 * A platform admin's change to a user's roles, on the platform timeline: it concerns the user across tenants,
 * so no single tenant's activity shows it (the tenant membership events themselves go to that tenant).
 */
async function recordUserAccessEvent(
  tx: Parameters<typeof recordEvent>[0],
  auth: AuthContext,
  target: UserRow,
  message: string,
  change: Record<string, { old: unknown; new: unknown }>,
): Promise<void> {
  await recordEvent(tx, {
    tenantId: PLATFORM_TIMELINE,
    type: 'access',
    entity: target.id,
    entityType: 'user',
    userId: auth.user.id,
    message,
    meta: { change },
  });
}

// ---- Platform timeline ----

/** What platform admins did that belongs to no tenant (user roles and deletions, tenant deletions): the /admin Activity tab. */
export function listPlatformEvents(deps: AdminDeps, q: TimelineQuery) {
  return queryEvents(deps.db, PLATFORM_TIMELINE, { kind: 'tenant' }, q);
}

// ---- Cross-tenant lists ----

/** Accreditation applications of every tenant, with filters, search and sort. */
export async function listApplicationsAcrossTenants(db: DbOrTx, q: AdminApplicationQuery, now: Date): Promise<List<AdminApplicationItem>> {
  const { rows, total } = await repo.listApplicationsUnscoped(db, q, now);
  return { data: rows, meta: pageMeta(q, total) };
}

/** Offers of every tenant, newest first. */
export async function listOffersAcrossTenants(db: DbOrTx, q: AdminListQuery): Promise<List<AdminOfferItem>> {
  const { rows, total } = await repo.listOffersUnscoped(db, q);
  return { data: rows, meta: pageMeta(q, total) };
}
