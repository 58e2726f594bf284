import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { govPhotoIds, individualProfiles, type IndividualProfileRow } from '../../db/schema/index.ts';

type Values = Omit<IndividualProfileRow, 'tenantId' | 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type NewProfileValues = Pick<Values, 'firstname' | 'lastname' | 'contact'> & Partial<Values>;

const owned = (tenantId: string, userId: string) => and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.userId, userId));

export async function findProfile(db: DbOrTx, tenantId: string, userId: string, id: string): Promise<IndividualProfileRow | undefined> {
  const [row] = await db.select().from(individualProfiles).where(and(owned(tenantId, userId), eq(individualProfiles.id, id))).limit(1);
  return row;
}

export async function listProfiles(db: DbOrTx, tenantId: string, userId: string, page: { limit: number; offset: number }) {
  const where = owned(tenantId, userId);
  const [rows, [count]] = await Promise.all([
    db.select().from(individualProfiles).where(where).orderBy(desc(individualProfiles.createdAt), desc(individualProfiles.id)).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(individualProfiles).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertProfile(db: DbOrTx, tenantId: string, userId: string, id: string, values: NewProfileValues): Promise<IndividualProfileRow> {
  const [row] = await db.insert(individualProfiles).values({ ...values, tenantId, userId, id }).returning();
  return row!;
}

export async function updateProfile(db: DbOrTx, tenantId: string, id: string, values: Partial<Values>): Promise<IndividualProfileRow> {
  const [row] = await db
    .update(individualProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.id, id)))
    .returning();
  return row!;
}

export async function deleteProfile(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(individualProfiles).where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.id, id)));
}

/** Takes a deleted financial account out of every profile of its owner that lists it. */
export async function unlinkFinancialAccount(db: DbOrTx, tenantId: string, userId: string, accountId: string): Promise<void> {
  await db
    .update(individualProfiles)
    .set({ financialAccountIds: sql`array_remove(${individualProfiles.financialAccountIds}, ${accountId})` })
    .where(and(owned(tenantId, userId), sql`${accountId} = any(${individualProfiles.financialAccountIds})`));
}

/** Which of `ids` are government photo IDs of this user in this tenant. */
export async function findOwnedGovPhotoIds(db: DbOrTx, tenantId: string, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: govPhotoIds.id })
    .from(govPhotoIds)
    .where(and(eq(govPhotoIds.tenantId, tenantId), eq(govPhotoIds.userId, userId), inArray(govPhotoIds.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
