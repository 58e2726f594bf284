import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';

/** Part of removing a whole tenant (platform admin): returns the storage keys to delete after the commit. */
export async function deleteTenantImagesUnscoped(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db.select({ key: images.storageKey }).from(images).where(eq(images.tenantId, tenantId));
  await db.delete(images).where(eq(images.tenantId, tenantId));
  return rows.map((r) => r.key);
}
