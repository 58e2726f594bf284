import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { govPhotoIds } from '../../db/schema/index.ts';

/** A page of a user's IDs, newest first, optionally of one of their individual profiles; with the total. */
export async function listOwnIds(
  db: DbOrTx,
  tenantId: string,
  userId: string,
  filter: { individualProfile?: string },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(govPhotoIds.tenantId, tenantId), eq(govPhotoIds.userId, userId)];
  if (filter.individualProfile) conditions.push(eq(govPhotoIds.individualProfileId, filter.individualProfile));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(govPhotoIds)
      .where(where)
      .orderBy(desc(govPhotoIds.createdAt), desc(govPhotoIds.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(govPhotoIds).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Government photo IDs that point back at a profile lose that link (the profile changed hands). */
export async function detachGovPhotoIds(db: DbOrTx, tenantId: string, profileId: string): Promise<void> {
  await db
    .update(govPhotoIds)
    .set({ individualProfileId: null, updatedAt: new Date() })
    .where(and(eq(govPhotoIds.tenantId, tenantId), eq(govPhotoIds.individualProfileId, profileId)));
}

/** Part of removing a whole tenant (platform admin). */
export async function deleteTenantGovPhotoIdsUnscoped(db: DbOrTx, tenantId: string): Promise<void> {
  await db.delete(govPhotoIds).where(eq(govPhotoIds.tenantId, tenantId));
}
