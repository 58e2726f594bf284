import { EMPTY_CONTACT, membershipStatus, type MembershipStatus, type TenantDetails, type TenantRole } from '@tessera/domain';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { institutions, offers, tenantMembers, tenants, type TenantRow } from '../../db/schema/index.ts';

export async function findTenantForUpdate(db: DbOrTx, id: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1).for('update');
  return row;
}

export type TenantChanges = Partial<
  Pick<TenantRow, 'name' | 'description' | 'website' | 'contact' | 'verificationStatus' | 'supportEmail' | 'highMinimumPath'>
>;

export function toTenantDetails(row: TenantRow): TenantDetails {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    website: row.website,
    contact: row.contact ?? EMPTY_CONTACT,
    verificationStatus: row.verificationStatus,
    supportEmail: row.supportEmail,
    highMinimumPath: row.highMinimumPath,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Members per membership status, in one grouped query; every status is present (zero when none). */
export async function countMembersByStatus(db: DbOrTx, tenantId: string): Promise<Record<MembershipStatus, number>> {
  const rows = await db
    .select({ status: tenantMembers.membershipStatus, count: sql<number>`count(*)::int` })
    .from(tenantMembers)
    .where(eq(tenantMembers.tenantId, tenantId))
    .groupBy(tenantMembers.membershipStatus);
  const counts = Object.fromEntries(membershipStatus.options.map((s) => [s, 0])) as Record<MembershipStatus, number>;
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

/** Members added per UTC calendar day since a moment, in one grouped query (days with none are absent). */
export async function countNewMembersPerDay(db: DbOrTx, tenantId: string, since: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${tenantMembers.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: sql<number>`count(*)::int` })
    .from(tenantMembers)
    .where(and(eq(tenantMembers.tenantId, tenantId), gte(tenantMembers.createdAt, since)))
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, r.count]));
}

/** Every offer (whatever its status) and every institution of a tenant, counted in one query. */
export async function countMarketplace(db: DbOrTx, tenantId: string): Promise<{ offers: number; institutions: number }> {
  const [row] = await db
    .select({
      offers: sql<number>`(select count(*)::int from ${offers} where ${offers.tenantId} = ${tenantId})`,
      institutions: sql<number>`(select count(*)::int from ${institutions} where ${institutions.tenantId} = ${tenantId})`,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return row ?? { offers: 0, institutions: 0 };
}

/** The tenants a user is an active member of, across tenants: a deliberate cross-tenant read of one user's own rows. */
/** A page of the user's active memberships in every tenant (switch tenant), by tenant name, with the total. */
export function listActiveMembershipsUnscoped(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: { id: string; slug: string; name: string; role: TenantRole }[]; total: number }> {
  return withCrossTenant("a user's own memberships in every tenant (switch tenant)", async () => {
    const where = and(eq(tenantMembers.userId, userId), eq(tenantMembers.membershipStatus, 'active'));
    const [rows, [count]] = await Promise.all([
      db
        .select({ id: tenants.id, slug: tenants.slug, name: tenants.name, role: tenantMembers.role })
        .from(tenantMembers)
        .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
        .where(where)
        .orderBy(asc(tenants.name), asc(tenants.slug))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ total: sql<number>`count(*)::int` }).from(tenantMembers).where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  });
}
