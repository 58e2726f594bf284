import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { govPhotoIds, individualProfiles, legalEntityStakeholders, type IndividualProfileRow } from '../../db/schema/index.ts';

type Values = Omit<IndividualProfileRow, 'tenantId' | 'id' | 'userId' | 'createdAt' | 'updatedAt'>;
export type NewProfileValues = Pick<Values, 'firstname' | 'lastname' | 'contact'> & Partial<Values>;

const owned = (tenantId: string, userId: string) => and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.userId, userId));

/** The user's own profiles among `ids` (others' and unknown ids are left out), in one query. */
export async function findOwnedProfiles(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  ids: readonly string[],
): Promise<IndividualProfileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(individualProfiles)
    .where(and(owned(tenantId, userId), inArray(individualProfiles.id, [...ids])));
}

export async function findProfile(db: DbOrTx, tenantId: string, userId: string, id: string): Promise<IndividualProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(individualProfiles)
    .where(and(owned(tenantId, userId), eq(individualProfiles.id, id)))
    .limit(1);
  return row;
}

/** Any profile of the tenant, whoever owns it, locked until the transaction ends: for platform admins and owner changes. */
export async function lockProfileInTenant(db: DbOrTx, tenantId: string, id: string): Promise<IndividualProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(individualProfiles)
    .where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.id, id)))
    .limit(1)
    .for('update');
  return row;
}

export async function listProfiles(db: DbOrTx, tenantId: string, userId: string, page: { limit: number; offset: number }) {
  const where = owned(tenantId, userId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(individualProfiles)
      .where(where)
      .orderBy(desc(individualProfiles.createdAt), desc(individualProfiles.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(individualProfiles).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertProfile(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  id: string,
  values: NewProfileValues,
): Promise<IndividualProfileRow> {
  const [row] = await db
    .insert(individualProfiles)
    .values({ ...values, tenantId, userId, id })
    .returning();
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

/** Hands the profile to another user; links to the old owner's government photo IDs and financial accounts are cut. */
export async function transferProfile(db: DbOrTx, tenantId: string, id: string, userId: string): Promise<IndividualProfileRow> {
  const [row] = await db
    .update(individualProfiles)
    .set({ userId, govPhotoIds: [], financialAccountIds: [], updatedAt: new Date() })
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

/** Adds a new government photo ID to a profile's list (atomically, so concurrent submissions keep each other's ids). */
export async function linkGovPhotoId(db: DbOrTx, tenantId: string, profileId: string, govPhotoId: string): Promise<IndividualProfileRow> {
  const [row] = await db
    .update(individualProfiles)
    .set({ govPhotoIds: sql`array_append(${individualProfiles.govPhotoIds}, ${govPhotoId})`, updatedAt: new Date() })
    .where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.id, profileId)))
    .returning();
  return row!;
}

/** Takes a deleted government photo ID out of every profile of the tenant that lists it; returns those profiles as they were. */
export async function unlinkGovPhotoId(db: DbOrTx, tenantId: string, govPhotoId: string): Promise<IndividualProfileRow[]> {
  const listing = and(eq(individualProfiles.tenantId, tenantId), sql`${govPhotoId} = any(${individualProfiles.govPhotoIds})`);
  const before = await db.select().from(individualProfiles).where(listing).for('update');
  if (before.length === 0) return before;
  await db
    .update(individualProfiles)
    .set({ govPhotoIds: sql`array_remove(${individualProfiles.govPhotoIds}, ${govPhotoId})`, updatedAt: new Date() })
    .where(listing);
  return before;
}

/** How many legal entity stakeholders name this profile. */
export async function countStakeholderLinks(db: DbOrTx, tenantId: string, profileId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(legalEntityStakeholders)
    .where(and(eq(legalEntityStakeholders.tenantId, tenantId), eq(legalEntityStakeholders.individualProfileId, profileId)));
  return row?.n ?? 0;
}
