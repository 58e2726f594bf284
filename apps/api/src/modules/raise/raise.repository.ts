import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offers } from '../../db/schema/index.ts';

/** An institution's offers: all, published, and visible on the marketplace, in one query. */
export async function countInstitutionOffers(db: DbOrTx, tenantId: string, institutionId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      published: sql<number>`(count(*) filter (where ${offers.published}))::int`,
      visible: sql<number>`(count(*) filter (where ${offers.visibilityStatus} = 'visible'))::int`,
    })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.institutionId, institutionId)));
  return row ?? { total: 0, published: 0, visible: 0 };
}
