import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents, institutions, offers, type InstitutionRow, type OfferRow } from '../../db/schema/index.ts';

/**
 * What the marketplace may show (001 §2, 002 §4): approved by the provider, published by the institution and
 * made visible by the tenant's owners. Every marketplace query starts from this condition and the tenant.
 */
export function onMarketplace(tenantId: string): SQL {
  return and(eq(offers.tenantId, tenantId), eq(offers.approvalStatus, 'approved'), eq(offers.published, true), eq(offers.visibilityStatus, 'visible'))!;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** A listed offer by id or slug (slugs ignore case, as their unique index does), with its institution. */
export async function findListedOffer(db: DbOrTx, tenantId: string, idOrSlug: string): Promise<{ offer: OfferRow; institution: InstitutionRow } | undefined> {
  const bySlug = sql`lower(${offers.slug}) = lower(${idOrSlug})`;
  const key = OBJECT_ID.test(idOrSlug) ? or(eq(offers.id, idOrSlug.toLowerCase()), bySlug)! : bySlug;
  const [row] = await db
    .select({ offer: offers, institution: institutions })
    .from(offers)
    .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)))
    .where(and(onMarketplace(tenantId), key))
    .limit(1);
  return row;
}

/** The file facts of the given documents of the tenant, in one query. */
export async function documentFactsOf(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: documents.id, name: documents.name, originalName: documents.originalName, mimeType: documents.mimeType, size: documents.size })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), inArray(documents.id, ids)));
}
