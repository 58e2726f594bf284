import type { Group, List, PageQuery } from '@tessera/domain';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { groupListQuery } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { memberGroupMembers, memberGroups, type MemberGroupRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { likePattern, offsetOf, pageMeta } from '../../lib/pagination.ts';

/** Members per group, counted in the same query as the groups (one aggregate, no query per row). */
/** Qualified by hand: drizzle writes bare column names in a single-table select, which the sub-query would read as its own. */
const totalMembers = sql<number>`(select count(*)::int from member_group_members m where m.tenant_id = "member_groups"."tenant_id" and m.group_id = "member_groups"."id")`;

export function toGroup(row: MemberGroupRow, total: number): Group {
  return {
    _id: row.id,
    tenant: row.tenantId,
    name: row.name,
    description: row.description,
    totalMembers: total,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listGroups(db: DbOrTx, tenantId: string, q: z.output<typeof groupListQuery>): Promise<List<Group>> {
  const conditions: SQL[] = [eq(memberGroups.tenantId, tenantId)];
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(memberGroups.name, pattern), ilike(memberGroups.description, pattern))!);
  }
  const where = and(...conditions);
  const order = q.direction === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ group: memberGroups, totalMembers })
      .from(memberGroups)
      .where(where)
      .orderBy(order(memberGroups[q.sort]), order(memberGroups.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(memberGroups).where(where),
  ]);
  return { data: rows.map((r) => toGroup(r.group, r.totalMembers)), meta: pageMeta(q, count?.total ?? 0) };
}

/** The groups one member belongs to, by name, a page at a time, with their member counts. */
export async function listGroupsOfMember(db: DbOrTx, tenantId: string, memberId: string, q: PageQuery): Promise<List<Group>> {
  const membership = and(eq(memberGroupMembers.tenantId, tenantId), eq(memberGroupMembers.memberId, memberId));
  const [rows, [count]] = await Promise.all([
    db
      .select({ group: memberGroups, totalMembers })
      .from(memberGroups)
      .innerJoin(
        memberGroupMembers,
        and(eq(memberGroupMembers.tenantId, memberGroups.tenantId), eq(memberGroupMembers.groupId, memberGroups.id)),
      )
      .where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroupMembers.memberId, memberId)))
      .orderBy(asc(memberGroups.name), asc(memberGroups.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(memberGroupMembers).where(membership),
  ]);
  return { data: rows.map((r) => toGroup(r.group, r.totalMembers)), meta: pageMeta(q, count?.total ?? 0) };
}

export async function groupIdsOfMember(db: DbOrTx, tenantId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ id: memberGroupMembers.groupId })
    .from(memberGroupMembers)
    .where(and(eq(memberGroupMembers.tenantId, tenantId), eq(memberGroupMembers.memberId, memberId)));
  return rows.map((r) => r.id);
}

export async function findGroup(db: DbOrTx, tenantId: string, id: string) {
  const [row] = await db
    .select({ group: memberGroups, totalMembers })
    .from(memberGroups)
    .where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, id)))
    .limit(1);
  return row;
}

export async function findGroupByName(db: DbOrTx, tenantId: string, name: string): Promise<MemberGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(memberGroups)
    .where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.name, name)))
    .limit(1);
  return row;
}

export async function insertGroup(
  db: DbOrTx,
  values: { tenantId: string; name: string; description: string | null; createdBy: string | null },
): Promise<MemberGroupRow> {
  const [row] = await db
    .insert(memberGroups)
    .values({ ...values, id: newId() })
    .returning();
  return row!;
}

export async function updateGroup(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: { name?: string; description?: string | null },
): Promise<MemberGroupRow> {
  const [row] = await db
    .update(memberGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, id)))
    .returning();
  return row!;
}

export async function deleteGroup(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(memberGroups).where(and(eq(memberGroups.tenantId, tenantId), eq(memberGroups.id, id)));
}

/** Adds members, skipping those already in; returns the ids actually added. */
export async function addGroupMembers(db: DbOrTx, tenantId: string, groupId: string, memberIds: string[]): Promise<string[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .insert(memberGroupMembers)
    .values(memberIds.map((memberId) => ({ tenantId, groupId, memberId })))
    .onConflictDoNothing()
    .returning({ memberId: memberGroupMembers.memberId });
  return rows.map((r) => r.memberId);
}

export async function removeGroupMember(db: DbOrTx, tenantId: string, groupId: string, memberId: string): Promise<boolean> {
  const rows = await db
    .delete(memberGroupMembers)
    .where(
      and(eq(memberGroupMembers.tenantId, tenantId), eq(memberGroupMembers.groupId, groupId), eq(memberGroupMembers.memberId, memberId)),
    )
    .returning({ memberId: memberGroupMembers.memberId });
  return rows.length > 0;
}

export async function memberIdsOfGroup(db: DbOrTx, tenantId: string, groupId: string, memberIds?: string[]): Promise<string[]> {
  const conditions = [eq(memberGroupMembers.tenantId, tenantId), eq(memberGroupMembers.groupId, groupId)];
  if (memberIds) conditions.push(inArray(memberGroupMembers.memberId, memberIds));
  const rows = await db
    .select({ id: memberGroupMembers.memberId })
    .from(memberGroupMembers)
    .where(and(...conditions));
  return rows.map((r) => r.id);
}
