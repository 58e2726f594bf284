import type { Business, BusinessOwner } from '@tessera/domain';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businesses, businessOwners, type BusinessOwnerRow, type BusinessRow } from '../../db/schema/index.ts';
import { maskSecret, type FieldCipher } from '../../lib/crypto.ts';

type BusinessValues = Omit<BusinessRow, 'tenantId' | 'id' | 'createdBy' | 'createdAt' | 'updatedAt'>;
type OwnerValues = Omit<BusinessOwnerRow, 'tenantId' | 'id' | 'businessId' | 'createdAt' | 'updatedAt'>;

const byId = (tenantId: string, id: string) => and(eq(businesses.tenantId, tenantId), eq(businesses.id, id));

export async function findBusiness(db: DbOrTx, tenantId: string, id: string, lock = false): Promise<BusinessRow | undefined> {
  const query = db.select().from(businesses).where(byId(tenantId, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listBusinesses(db: DbOrTx, tenantId: string, createdBy: string, page: { limit: number; offset: number }) {
  const where = and(eq(businesses.tenantId, tenantId), eq(businesses.createdBy, createdBy));
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(businesses)
      .where(where)
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(businesses).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function insertBusiness(
  db: DbOrTx,
  tenantId: string,
  id: string,
  createdBy: string,
  values: BusinessValues,
): Promise<BusinessRow> {
  const [row] = await db
    .insert(businesses)
    .values({ ...values, tenantId, id, createdBy })
    .returning();
  return row!;
}

export async function updateBusiness(db: DbOrTx, tenantId: string, id: string, values: Partial<BusinessValues>): Promise<BusinessRow> {
  const [row] = await db
    .update(businesses)
    .set({ ...values, updatedAt: new Date() })
    .where(byId(tenantId, id))
    .returning();
  return row!;
}

/** Deletes the business (its owners go with it) and clears it as the parent of others. */
export async function deleteBusiness(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db
    .update(businesses)
    .set({ parentId: null })
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.parentId, id)));
  await db.delete(businesses).where(byId(tenantId, id));
}

export async function listOwners(db: DbOrTx, tenantId: string, businessIds: readonly string[]): Promise<BusinessOwnerRow[]> {
  if (businessIds.length === 0) return [];
  return db
    .select()
    .from(businessOwners)
    .where(and(eq(businessOwners.tenantId, tenantId), inArray(businessOwners.businessId, [...businessIds])))
    .orderBy(asc(businessOwners.createdAt), asc(businessOwners.id));
}

export async function insertOwner(
  db: DbOrTx,
  tenantId: string,
  id: string,
  businessId: string,
  values: OwnerValues,
): Promise<BusinessOwnerRow> {
  const [row] = await db
    .insert(businessOwners)
    .values({ ...values, tenantId, id, businessId })
    .returning();
  return row!;
}

export async function updateOwner(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Pick<OwnerValues, 'title' | 'equity'>,
): Promise<BusinessOwnerRow> {
  const [row] = await db
    .update(businessOwners)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(businessOwners.tenantId, tenantId), eq(businessOwners.id, id)))
    .returning();
  return row!;
}

export async function deleteOwner(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(businessOwners).where(and(eq(businessOwners.tenantId, tenantId), eq(businessOwners.id, id)));
}

export function toBusinessOwner(row: BusinessOwnerRow): BusinessOwner {
  return {
    _id: row.id,
    user: {
      _id: row.userId,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      line1: row.line1,
      line2: row.line2,
      city: row.city,
      state: row.state,
      zip: row.zip,
      country: row.country,
    },
    title: row.title,
    equity: row.equity,
  };
}

/** A business's own fields as the API and the timeline show them: the EIN (given in clear) masked. */
export function businessFields(
  row: Pick<BusinessRow, Exclude<keyof BusinessRow, 'tenantId' | 'id' | 'createdBy' | 'createdAt' | 'updatedAt' | 'einEncrypted'>>,
  ein: string | null,
) {
  return {
    name: row.name,
    dba: row.dba,
    website: row.website,
    email: row.email,
    phone: row.phone,
    netWorth: row.netWorth,
    revenue: row.revenue,
    ein: maskSecret(ein),
    businessType: row.businessType,
    parent: row.parentId,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
  };
}

/** The EIN leaves the server masked only. */
export function toBusiness(row: BusinessRow, owners: readonly BusinessOwnerRow[], cipher: FieldCipher): Business {
  return {
    _id: row.id,
    ...businessFields(row, cipher.decryptNullable(row.einEncrypted)),
    owners: owners.filter((o) => o.businessId === row.id).map(toBusinessOwner),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The people the user keeps businesses with: the owners (linked to a member) of the businesses they created, and, for
 * businesses that list them as an owner, the creator and the other owners. Ids only.
 */
export async function listBusinessPartnerIds(db: DbOrTx, tenantId: string, userId: string): Promise<string[]> {
  const theirs = db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.createdBy, userId)));
  const ownedBy = db
    .select({ id: businessOwners.businessId })
    .from(businessOwners)
    .where(and(eq(businessOwners.tenantId, tenantId), eq(businessOwners.userId, userId)));
  const [owners, creators] = await Promise.all([
    db
      .selectDistinct({ id: businessOwners.userId })
      .from(businessOwners)
      .where(
        and(
          eq(businessOwners.tenantId, tenantId),
          or(inArray(businessOwners.businessId, theirs), inArray(businessOwners.businessId, ownedBy)),
        ),
      ),
    db
      .selectDistinct({ id: businesses.createdBy })
      .from(businesses)
      .where(and(eq(businesses.tenantId, tenantId), inArray(businesses.id, ownedBy))),
  ]);
  return [...new Set([...owners, ...creators].map((r) => r.id).filter((id): id is string => Boolean(id)))];
}
