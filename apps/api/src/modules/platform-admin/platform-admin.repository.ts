import {
  userDisplayName,
  type AdminApplicationItem,
  type AdminApplicationQuery,
  type AdminListQuery,
  type AdminOfferItem,
  type AdminTenant,
  type AdminTenantMember,
  type AdminTenantQuery,
  type AdminUserQuery,
  type PageQuery,
  type RoleAssignment,
  type UserAssociations,
} from '@tessera/domain';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  applications,
  documents,
  individualProfiles,
  institutions,
  legalEntityProfiles,
  offers,
  roleAssignments,
  tenantMembers,
  tenants,
  users,
  type RoleAssignmentRow,
  type TenantMemberRow,
  type TenantRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { countCapped, likePattern, offsetOf } from '../../lib/pagination.ts';
import { reviewerFields, reviewers, toApplicationSummary } from '../applications/index.ts';
import { deleteTenantTokensUnscoped } from '../auth/index.ts';
import { deleteTenantDocumentsUnscoped } from '../documents/index.ts';
import { deleteTenantGovPhotoIdsUnscoped } from '../gov-photo-ids/index.ts';
import { deleteTenantImagesUnscoped } from '../images/index.ts';
import { deleteTenantUnscoped as deleteTenantRowUnscoped } from '../tenants/index.ts';
import { deleteTenantEventsUnscoped } from '../timeline/index.ts';

// Everything here deliberately crosses tenants: only the platform-admin service calls it.

/**
 * A tenant's active members, counted per tenant row from tenant_members_tenant_status_idx (an index-only scan), so a
 * page of tenants costs its own rows' counts, not a join and GROUP BY over every member of every tenant (#25 scale:
 * 100,000 members, 295 ms → the page's counts).
 */
// Spelled out: in a one-table select drizzle writes columns unqualified, which inside the subquery would name its own.
const activeMembers = sql<number>`(select count(*)::int from tenant_members m where m.tenant_id = "tenants"."id" and m.membership_status = 'active')`;

export function toAdminTenant(row: TenantRow, memberCount: number): AdminTenant {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    website: row.website,
    verificationStatus: row.verificationStatus,
    memberCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tenants with their active member counts, in one query, plus the total. */
export async function listTenantsUnscoped(db: DbOrTx, q: AdminTenantQuery): Promise<{ rows: AdminTenant[]; total: number }> {
  const where = q.search ? or(ilike(tenants.name, likePattern(q.search)), ilike(tenants.slug, likePattern(q.search))) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ tenant: tenants, memberCount: activeMembers })
      .from(tenants)
      .where(where)
      .orderBy(desc(tenants.createdAt), desc(tenants.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(tenants).where(where),
  ]);
  return { rows: rows.map((r) => toAdminTenant(r.tenant, r.memberCount)), total: total?.n ?? 0 };
}

/** A tenant by its id or its slug, with its active member count. */
export async function findTenantWithCountUnscoped(
  db: DbOrTx,
  idOrSlug: string,
): Promise<{ tenant: TenantRow; memberCount: number } | undefined> {
  const [row] = await db
    .select({ tenant: tenants, memberCount: activeMembers })
    .from(tenants)
    .where(or(eq(tenants.id, idOrSlug), eq(tenants.slug, idOrSlug)));
  return row;
}

/** A tenant by its id or its slug. */
export async function findTenantUnscoped(db: DbOrTx, idOrSlug: string): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(or(eq(tenants.id, idOrSlug), eq(tenants.slug, idOrSlug)))
    .limit(1);
  return row;
}

/**
 * Removes a tenant. Tables with a foreign key to tenants cascade; the tenant-keyed rows without one (events,
 * documents, images, IDs, grants, pending tokens) go here. Returns the storage keys to delete after the commit.
 */
export async function deleteTenantUnscoped(db: DbOrTx, id: string): Promise<string[]> {
  // Each table's rows are removed by the module that owns it.
  await deleteTenantEventsUnscoped(db, id);
  const docs = await deleteTenantDocumentsUnscoped(db, id);
  const imgs = await deleteTenantImagesUnscoped(db, id);
  await deleteTenantGovPhotoIdsUnscoped(db, id);
  await deleteTenantTokensUnscoped(db, id);
  await deleteTenantRowUnscoped(db, id);
  return [...docs, ...imgs];
}

export async function listTenantMembersUnscoped(db: DbOrTx, tenantId: string, q: PageQuery & { search?: string }) {
  const conditions: SQL[] = [eq(tenantMembers.tenantId, tenantId)];
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(or(ilike(users.email, p), ilike(tenantMembers.firstname, p), ilike(tenantMembers.lastname, p))!);
  }
  const where = and(...conditions);
  // Every member has its user (a foreign key): the count joins users only to search their e-mail, and stops at the
  // cap (#25: a busy tenant has 50,000 members); the page walks tenant_members_tenant_created_idx.
  const matching = q.search
    ? db.select({ one: sql`1` }).from(tenantMembers).innerJoin(users, eq(users.id, tenantMembers.userId)).where(where)
    : db.select({ one: sql`1` }).from(tenantMembers).where(where);
  const [rows, counted] = await Promise.all([
    db
      .select({ member: tenantMembers, email: users.email })
      .from(tenantMembers)
      .innerJoin(users, eq(users.id, tenantMembers.userId))
      .where(where)
      .orderBy(desc(tenantMembers.createdAt), desc(tenantMembers.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    countCapped(db, matching),
  ]);
  const data: AdminTenantMember[] = rows.map(({ member, email }) => ({
    _id: member.id,
    user: member.userId,
    email,
    firstname: member.firstname,
    lastname: member.lastname,
    role: member.role,
    membershipStatus: member.membershipStatus,
    createdAt: member.createdAt.toISOString(),
  }));
  return { data, counted };
}

export async function listUsersUnscoped(db: DbOrTx, q: AdminUserQuery): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(or(ilike(users.email, p), ilike(users.firstname, p), ilike(users.lastname, p), ilike(users.displayname, p))!);
  }
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.accountStatus) conditions.push(eq(users.accountStatus, q.accountStatus));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function userAssociationsUnscoped(db: DbOrTx, userId: string): Promise<UserAssociations> {
  const [memberships, [ip], [le], [docs]] = await Promise.all([
    db
      .select({ member: tenantMembers, tenant: { _id: tenants.id, slug: tenants.slug, name: tenants.name } })
      .from(tenantMembers)
      .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
      .where(eq(tenantMembers.userId, userId))
      .orderBy(tenants.name),
    db.select({ n: count() }).from(individualProfiles).where(eq(individualProfiles.userId, userId)),
    db.select({ n: count() }).from(legalEntityProfiles).where(eq(legalEntityProfiles.ownerId, userId)),
    db.select({ n: count() }).from(documents).where(eq(documents.uploadedBy, userId)),
  ]);
  return {
    memberships: memberships.map(({ member, tenant }) => ({
      _id: member.id,
      tenant,
      role: member.role,
      membershipStatus: member.membershipStatus,
      createdAt: member.createdAt.toISOString(),
    })),
    counts: { individualProfiles: ip?.n ?? 0, legalEntityProfiles: le?.n ?? 0, documents: docs?.n ?? 0 },
  };
}

/**
 * A page of a user's role assignments: their tenant memberships first, then their institution and offer
 * assignments, each oldest first. Both tables are counted, and each is read only for the part of the page it fills.
 */
export async function listAssignmentsUnscoped(
  db: DbOrTx,
  userId: string,
  q: PageQuery,
): Promise<{ rows: RoleAssignment[]; total: number }> {
  const [[members], [assigned]] = await Promise.all([
    db.select({ n: count() }).from(tenantMembers).where(eq(tenantMembers.userId, userId)),
    db.select({ n: count() }).from(roleAssignments).where(eq(roleAssignments.userId, userId)),
  ]);
  const memberTotal = members?.n ?? 0;
  const offset = offsetOf(q);
  const memberRows =
    offset < memberTotal
      ? await db
          .select()
          .from(tenantMembers)
          .where(eq(tenantMembers.userId, userId))
          .orderBy(asc(tenantMembers.createdAt), asc(tenantMembers.id))
          .limit(q.limit)
          .offset(offset)
      : [];
  const left = q.limit - memberRows.length;
  const assignmentRows =
    left > 0
      ? await db
          .select()
          .from(roleAssignments)
          .where(eq(roleAssignments.userId, userId))
          .orderBy(asc(roleAssignments.createdAt), asc(roleAssignments.id))
          .limit(left)
          .offset(Math.max(0, offset - memberTotal))
      : [];
  return { rows: [...memberRows.map(memberToAssignment), ...assignmentRows.map(rowToAssignment)], total: memberTotal + (assigned?.n ?? 0) };
}

export async function findMembershipByRbacIdUnscoped(db: DbOrTx, userId: string, rbacId: string): Promise<TenantMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantMembers)
    .where(and(eq(tenantMembers.userId, userId), eq(tenantMembers.rbacId, rbacId)))
    .limit(1);
  return row;
}

export async function findRoleAssignmentUnscoped(db: DbOrTx, userId: string, id: string): Promise<RoleAssignmentRow | undefined> {
  const [row] = await db
    .select()
    .from(roleAssignments)
    .where(and(eq(roleAssignments.userId, userId), eq(roleAssignments.id, id)))
    .limit(1);
  return row;
}

export function memberToAssignment(m: TenantMemberRow): RoleAssignment {
  return {
    _id: m.rbacId,
    user: m.userId,
    tenant: m.tenantId,
    entityType: 'tenant',
    entity: m.tenantId,
    role: m.role,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function rowToAssignment(r: RoleAssignmentRow): RoleAssignment {
  return {
    _id: r.id,
    user: r.userId,
    tenant: r.tenantId,
    entityType: r.entityType,
    entity: r.entityId,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Offers of every tenant, newest first (offers_created_idx); search covers the offer's name and slug and the tenant's
 * name and slug.
 */
export async function listOffersUnscoped(db: DbOrTx, q: AdminListQuery): Promise<{ rows: AdminOfferItem[]; total: number }> {
  const where = q.search
    ? or(
        ilike(offers.name, likePattern(q.search)),
        ilike(offers.slug, likePattern(q.search)),
        ilike(tenants.name, likePattern(q.search)),
        ilike(tenants.slug, likePattern(q.search)),
      )
    : undefined;
  // The page's keys first (walking offers_created_idx), then their rows joined (#25): estimating row-level security
  // to leave few rows, the planner joined all 10,000 offers to their institutions and tenants and sorted them.
  const page = (
    q.search
      ? db
          .select({ tenantId: offers.tenantId, id: offers.id, createdAt: offers.createdAt })
          .from(offers)
          .innerJoin(tenants, eq(tenants.id, offers.tenantId))
      : db.select({ tenantId: offers.tenantId, id: offers.id, createdAt: offers.createdAt }).from(offers)
  )
    .where(where)
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(q.limit)
    .offset(offsetOf(q))
    .as('page');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        offer: offers,
        tenant: { slug: tenants.slug, name: tenants.name },
        institution: { _id: institutions.id, name: institutions.name },
      })
      .from(page)
      .innerJoin(offers, and(eq(offers.tenantId, page.tenantId), eq(offers.id, page.id)))
      .innerJoin(tenants, eq(tenants.id, offers.tenantId))
      .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)))
      .orderBy(desc(page.createdAt), desc(page.id)),
    // Every offer has its tenant (a foreign key): joined only to search the tenant's name (#25: 10,000 offers).
    q.search
      ? db.select({ n: count() }).from(offers).innerJoin(tenants, eq(tenants.id, offers.tenantId)).where(where)
      : db.select({ n: count() }).from(offers),
  ]);
  return {
    rows: rows.map(({ offer, tenant, institution }) => ({
      _id: offer.id,
      tenant: offer.tenantId,
      tenantSlug: tenant.slug,
      tenantName: tenant.name,
      name: offer.name,
      slug: offer.slug,
      institution,
      approvalStatus: offer.approvalStatus,
      published: offer.published,
      visibilityStatus: offer.visibilityStatus,
      createdAt: offer.createdAt.toISOString(),
      updatedAt: offer.updatedAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Applications of every tenant with their tenant and applicant, filtered by status, type and tenant, searched over
 * the applicant's e-mail, sorted by the asked column (ties broken by id so pages never overlap).
 */
export async function listApplicationsUnscoped(
  db: DbOrTx,
  q: AdminApplicationQuery,
  now: Date,
): Promise<{ rows: AdminApplicationItem[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(applications.status, q.status));
  if (q.type) conditions.push(eq(applications.type, q.type));
  if (q.tenant) conditions.push(eq(applications.tenantId, q.tenant));
  if (q.search) conditions.push(ilike(users.email, likePattern(q.search)));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = {
    createdAt: applications.createdAt,
    updatedAt: applications.updatedAt,
    status: applications.status,
    userEmail: users.email,
    tenantName: tenants.name,
  }[q.sort];
  const order = q.direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: applications,
        reviewer: reviewerFields,
        tenant: { slug: tenants.slug, name: tenants.name },
        user: { email: users.email, displayname: users.displayname, firstname: users.firstname, lastname: users.lastname },
      })
      .from(applications)
      .innerJoin(tenants, eq(tenants.id, applications.tenantId))
      .innerJoin(users, eq(users.id, applications.userId))
      .leftJoin(reviewers, eq(reviewers.id, applications.reviewedBy))
      .where(where)
      .orderBy(order(column), order(applications.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(applications).innerJoin(users, eq(users.id, applications.userId)).where(where),
  ]);
  return {
    rows: rows.map(({ row, reviewer, tenant, user }) => ({
      ...toApplicationSummary({ row, reviewer }, now),
      tenantSlug: tenant.slug,
      tenantName: tenant.name,
      userEmail: user.email,
      userName: userDisplayName(user),
    })),
    total: total?.n ?? 0,
  };
}
