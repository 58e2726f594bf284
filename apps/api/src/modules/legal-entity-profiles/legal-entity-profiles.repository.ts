import type { LegalEntityProfile, Stakeholder } from '@tessera/domain';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  individualProfiles,
  legalEntityProfiles,
  legalEntityStakeholders,
  type LegalEntityProfileRow,
  type LegalEntityStakeholderRow,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/pagination.ts';

type ProfileValues = Omit<LegalEntityProfileRow, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
type StakeholderValues = Pick<LegalEntityStakeholderRow, 'individualProfileId' | 'stakeholderType' | 'title' | 'equity' | 'fiduciaryRole'>;

export interface StakeholderWithName extends LegalEntityStakeholderRow {
  name: string;
}

const byId = (tenantId: string, id: string) => and(eq(legalEntityProfiles.tenantId, tenantId), eq(legalEntityProfiles.id, id));

export async function findProfile(db: DbOrTx, tenantId: string, id: string): Promise<LegalEntityProfileRow | undefined> {
  const [row] = await db.select().from(legalEntityProfiles).where(byId(tenantId, id)).limit(1);
  return row;
}

/** The row locked until the transaction ends, so that concurrent stakeholder changes cannot together pass 100%. */
export async function lockProfile(db: DbOrTx, tenantId: string, id: string): Promise<LegalEntityProfileRow | undefined> {
  const [row] = await db.select().from(legalEntityProfiles).where(byId(tenantId, id)).limit(1).for('update');
  return row;
}

export async function listProfiles(
  db: DbOrTx,
  tenantId: string,
  filter: { ownerId?: string | undefined; search?: string | undefined },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(legalEntityProfiles.tenantId, tenantId)];
  if (filter.ownerId) conditions.push(eq(legalEntityProfiles.ownerId, filter.ownerId));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(or(ilike(legalEntityProfiles.name, pattern), ilike(legalEntityProfiles.displayname, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(legalEntityProfiles)
      .where(where)
      .orderBy(desc(legalEntityProfiles.createdAt), desc(legalEntityProfiles.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(legalEntityProfiles).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertProfile(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Pick<ProfileValues, 'ownerId' | 'name' | 'legalEntityType' | 'parentLegalEntityId' | 'gics' | 'contact'>,
) {
  const [row] = await db
    .insert(legalEntityProfiles)
    .values({ ...values, tenantId, id })
    .returning();
  return row!;
}

export async function updateProfile(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<ProfileValues>,
): Promise<LegalEntityProfileRow> {
  const [row] = await db
    .update(legalEntityProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(tenantId, id))
    .returning();
  return row!;
}

export async function deleteProfile(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(legalEntityProfiles).where(byId(tenantId, id));
}

export async function findChildren(db: DbOrTx, tenantId: string, parentId: string) {
  return db
    .select({ id: legalEntityProfiles.id, name: legalEntityProfiles.name })
    .from(legalEntityProfiles)
    .where(and(eq(legalEntityProfiles.tenantId, tenantId), eq(legalEntityProfiles.parentLegalEntityId, parentId)))
    .orderBy(asc(legalEntityProfiles.name));
}

export async function detachChildren(db: DbOrTx, tenantId: string, parentId: string): Promise<void> {
  await db
    .update(legalEntityProfiles)
    .set({ parentLegalEntityId: null, updatedAt: new Date() })
    .where(and(eq(legalEntityProfiles.tenantId, tenantId), eq(legalEntityProfiles.parentLegalEntityId, parentId)));
}

const individualName = sql<string>`trim(concat_ws(' ', ${individualProfiles.firstname}, ${individualProfiles.lastname}))`;

/** The stakeholders of some profiles with their individuals' names, oldest first. */
export async function listStakeholders(db: DbOrTx, tenantId: string, profileIds: readonly string[]): Promise<StakeholderWithName[]> {
  if (profileIds.length === 0) return [];
  const rows = await db
    .select({ stakeholder: legalEntityStakeholders, name: individualName })
    .from(legalEntityStakeholders)
    .innerJoin(
      individualProfiles,
      and(
        eq(individualProfiles.tenantId, legalEntityStakeholders.tenantId),
        eq(individualProfiles.id, legalEntityStakeholders.individualProfileId),
      ),
    )
    .where(and(eq(legalEntityStakeholders.tenantId, tenantId), inArray(legalEntityStakeholders.legalEntityProfileId, [...profileIds])))
    .orderBy(asc(legalEntityStakeholders.createdAt), asc(legalEntityStakeholders.id));
  return rows.map(({ stakeholder, name }) => ({ ...stakeholder, name }));
}

export async function insertStakeholder(db: DbOrTx, tenantId: string, id: string, profileId: string, values: StakeholderValues) {
  const [row] = await db
    .insert(legalEntityStakeholders)
    .values({ ...values, tenantId, id, legalEntityProfileId: profileId })
    .returning();
  return row!;
}

export async function updateStakeholder(db: DbOrTx, tenantId: string, id: string, values: StakeholderValues) {
  const [row] = await db
    .update(legalEntityStakeholders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(legalEntityStakeholders.tenantId, tenantId), eq(legalEntityStakeholders.id, id)))
    .returning();
  return row!;
}

export async function deleteStakeholder(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(legalEntityStakeholders).where(and(eq(legalEntityStakeholders.tenantId, tenantId), eq(legalEntityStakeholders.id, id)));
}

/** An individual profile of this user in this tenant, with its display name. */
export async function findOwnedIndividual(db: DbOrTx, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select({ id: individualProfiles.id, name: individualName })
    .from(individualProfiles)
    .where(and(eq(individualProfiles.tenantId, tenantId), eq(individualProfiles.userId, userId), eq(individualProfiles.id, id)))
    .limit(1);
  return row;
}

/** Which of `ids` are financial accounts of this user in this tenant. */
/** Takes a deleted financial account out of every legal entity of its owner that lists it. */
export async function unlinkFinancialAccountFromEntities(db: DbOrTx, tenantId: string, ownerId: string, accountId: string): Promise<void> {
  await db
    .update(legalEntityProfiles)
    .set({ financialAccountIds: sql`array_remove(${legalEntityProfiles.financialAccountIds}, ${accountId})` })
    .where(
      and(
        eq(legalEntityProfiles.tenantId, tenantId),
        eq(legalEntityProfiles.ownerId, ownerId),
        sql`${accountId} = any(${legalEntityProfiles.financialAccountIds})`,
      ),
    );
}

export function toStakeholder(row: StakeholderWithName): Stakeholder {
  return {
    _id: row.id,
    individualProfile: row.individualProfileId,
    name: row.name,
    stakeholderType: row.stakeholderType,
    title: row.title,
    equity: row.equity,
    fiduciaryRole: row.fiduciaryRole,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLegalEntityProfile(row: LegalEntityProfileRow, stakeholders: readonly StakeholderWithName[]): LegalEntityProfile {
  return {
    _id: row.id,
    name: row.name,
    displayname: row.displayname,
    website: row.website,
    image: row.image?.id ?? null,
    legalEntityType: row.legalEntityType,
    parentLegalEntity: row.parentLegalEntityId,
    gics: row.gics,
    contact: row.contact,
    ownership: { stakeholders: stakeholders.filter((s) => s.legalEntityProfileId === row.id).map(toStakeholder) },
    natureOfBusiness: row.natureOfBusiness,
    countryOfOrganization: row.countryOfOrganization,
    stateOfOrganization: row.stateOfOrganization,
    financialAccounts: row.financialAccountIds,
    verificationStatus: row.verificationStatus,
    owner: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
