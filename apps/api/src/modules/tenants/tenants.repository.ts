import { SUPPORT_EMAIL, type TenantPublic } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenants, type TenantRow } from '../../db/schema/index.ts';

export async function findTenantBySlug(db: DbOrTx, slug: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.slug, slug)).limit(1);
  return row;
}

export async function findTenantById(db: DbOrTx, id: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id)).limit(1);
  return row;
}

export async function insertTenantUnscoped(db: DbOrTx, values: Pick<TenantRow, 'id' | 'slug' | 'name' | 'branding'>): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(values).returning();
  return row!;
}

export async function updateTenant(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<TenantRow, 'id' | 'slug' | 'createdAt' | 'updatedAt'>>,
): Promise<TenantRow> {
  const [row] = await db
    .update(tenants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tenants.id, id))
    .returning();
  return row!;
}

/** The last step of removing a whole tenant (platform admin); tables with a foreign key to it cascade. */
export async function deleteTenantUnscoped(db: DbOrTx, id: string): Promise<void> {
  await db.delete(tenants).where(eq(tenants.id, id));
}

export function toTenantPublic(row: TenantRow): TenantPublic {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    branding: row.branding,
    supportEmail: row.supportEmail ?? SUPPORT_EMAIL,
    highMinimumPath: row.highMinimumPath,
  };
}
