import type { List, TenantMemberAdmin } from '@tessera/domain';
import { and, asc, desc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { memberListQuery } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { memberGroupMembers, tenantMembers, users, type TenantMemberRow, type UserRow } from '../../db/schema/index.ts';
import { cappedPageMeta, countCapped, likePattern, offsetOf } from '../../lib/pagination.ts';
import { toTenantMemberAdmin } from '../tenants/index.ts';

export interface MemberWithUser {
  member: TenantMemberRow;
  user: Pick<UserRow, 'email' | 'signupStatus' | 'role'>;
}

export function toMemberAdmin({ member, user }: MemberWithUser, groups: string[] = []): TenantMemberAdmin {
  return toTenantMemberAdmin(member, user, groups);
}

const fullName = sql<string>`concat_ws(' ', ${tenantMembers.firstname}, ${tenantMembers.lastname})`;
const userFields = { email: users.email, signupStatus: users.signupStatus, role: users.role };

/** A tenant's members, searched over name and e-mail, filtered, sorted and paginated; optionally only one group's. */
export async function listMembers(
  db: DbOrTx,
  tenantId: string,
  q: z.output<typeof memberListQuery>,
  groupId?: string,
): Promise<List<TenantMemberAdmin>> {
  const conditions: SQL[] = [eq(tenantMembers.tenantId, tenantId)];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(fullName, pattern), ilike(users.email, pattern), ilike(tenantMembers.middlename, pattern))!);
  }
  if (q.role) conditions.push(eq(tenantMembers.role, q.role));
  if (q.membershipStatus) conditions.push(eq(tenantMembers.membershipStatus, q.membershipStatus));
  const membersOf = (group: string) =>
    db
      .select({ id: memberGroupMembers.memberId })
      .from(memberGroupMembers)
      .where(and(eq(memberGroupMembers.tenantId, tenantId), eq(memberGroupMembers.groupId, group)));
  if (groupId) conditions.push(inArray(tenantMembers.id, membersOf(groupId)));
  if (q.notInGroup) conditions.push(notInArray(tenantMembers.id, membersOf(q.notInGroup)));
  const where = and(...conditions);
  const order = q.direction === 'asc' ? asc : desc;
  const column = {
    createdAt: tenantMembers.createdAt,
    name: fullName,
    email: users.email,
    role: tenantMembers.role,
    membershipStatus: tenantMembers.membershipStatus,
  }[q.sort];
  // Every member has its user (a foreign key): the count joins users only to search their e-mail, and stops at the
  // cap (#25: a busy tenant has 50,000 members); the default order walks tenant_members_tenant_created_idx.
  const matching = q.search
    ? db.select({ one: sql`1` }).from(tenantMembers).innerJoin(users, eq(users.id, tenantMembers.userId)).where(where)
    : db.select({ one: sql`1` }).from(tenantMembers).where(where);
  const [rows, counted] = await Promise.all([
    db
      .select({ member: tenantMembers, user: userFields })
      .from(tenantMembers)
      .innerJoin(users, eq(users.id, tenantMembers.userId))
      .where(where)
      .orderBy(order(column), order(tenantMembers.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    countCapped(db, matching),
  ]);
  return { data: rows.map((r) => toMemberAdmin(r)), meta: cappedPageMeta(q, counted) };
}

export async function findMemberWithUser(db: DbOrTx, tenantId: string, id: string): Promise<MemberWithUser | undefined> {
  const [row] = await db
    .select({ member: tenantMembers, user: userFields })
    .from(tenantMembers)
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.id, id)))
    .limit(1);
  return row;
}

/** Ids of the given members that exist in the tenant. */
export async function existingMemberIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tenantMembers.id })
    .from(tenantMembers)
    .where(and(eq(tenantMembers.tenantId, tenantId), inArray(tenantMembers.id, ids)));
  return rows.map((r) => r.id);
}

/** Active owners other than the given member: a tenant must always keep at least one. */
export async function countOtherActiveOwners(db: DbOrTx, tenantId: string, exceptId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(tenantMembers)
    .where(
      and(
        eq(tenantMembers.tenantId, tenantId),
        eq(tenantMembers.role, 'owner'),
        eq(tenantMembers.membershipStatus, 'active'),
        ne(tenantMembers.id, exceptId),
      ),
    );
  return row?.total ?? 0;
}
