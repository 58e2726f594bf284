import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { govPhotoIds } from '../../db/schema/index.ts';

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
