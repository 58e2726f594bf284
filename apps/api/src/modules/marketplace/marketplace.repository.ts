import { PENDING_MEMBERSHIP_STATUSES, type MarketplaceOfferListQuery } from '@tessera/domain';
import { and, asc, eq, gte, ilike, inArray, isNull, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  documents,
  images,
  institutions,
  marketplaceSettings,
  offers,
  roleAssignments,
  tenantMembers,
  users,
  type DocumentRow,
  type ImageRow,
  type InstitutionRow,
  type OfferRow,
} from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/pagination.ts';
import { listingStatusCondition } from '../offers/index.ts';
import { unexpiredAssignment } from '../institutions/index.ts';

/**
 * What the marketplace may show (001 §2, 002 §4): approved by the provider, published by the institution and
 * made visible by the tenant's owners. Every marketplace query starts from this condition and the tenant. The
 * condition is written with literals, as the partial indexes state it (LISTED_SQL), so the planner can use them.
 */
export function onMarketplace(tenantId: string): SQL {
  return and(
    eq(offers.tenantId, tenantId),
    sql`${offers.approvalStatus} = 'approved' and ${offers.published} = true and ${offers.visibilityStatus} = 'visible'`,
  )!;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** An offer by id or slug (slugs ignore case, as their unique index does). */
function offerKey(idOrSlug: string): SQL {
  const bySlug = sql`lower(${offers.slug}) = lower(${idOrSlug})`;
  return OBJECT_ID.test(idOrSlug) ? or(eq(offers.id, idOrSlug.toLowerCase()), bySlug)! : bySlug;
}

/** A listed offer by id or slug, with its institution. */
export async function findListedOffer(
  db: DbOrTx,
  tenantId: string,
  idOrSlug: string,
): Promise<{ offer: OfferRow; institution: InstitutionRow } | undefined> {
  const [row] = await db
    .select({ offer: offers, institution: institutions })
    .from(offers)
    .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)))
    .where(and(onMarketplace(tenantId), offerKey(idOrSlug)))
    .limit(1);
  return row;
}

/** The file facts of the given documents of the tenant, in one query. */
export async function documentFactsOf(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: documents.id,
      name: documents.name,
      originalName: documents.originalName,
      mimeType: documents.mimeType,
      size: documents.size,
    })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), inArray(documents.id, ids)));
}

// ── Offer cards ───────────────────────────────────────────────────────────────────────────

/** What a card is made of: the offer's card columns (generated from its classes) and its institution's public facts. */
const cardFields = {
  id: offers.id,
  slug: offers.slug,
  name: offers.name,
  descriptionShort: offers.descriptionShort,
  type: offers.type,
  assetClass: offers.assetClass,
  openDate: offers.openDate,
  closeDate: offers.closeDate,
  images: offers.images,
  classes: offers.classes,
  primaryCta: offers.primaryCta,
  secondaryCta: offers.secondaryCta,
  minimumInvestment: offers.cardMinInvestment,
  targetIrr: offers.cardTargetIrr,
  equityMultiple: offers.cardEquityMultiple,
  holdingPeriod: offers.cardHoldingPeriod,
  institution: {
    id: institutions.id,
    name: institutions.name,
    slug: institutions.slug,
    type: institutions.type,
    descriptionShort: institutions.descriptionShort,
    images: institutions.images,
  },
};
export type CardRow = Awaited<ReturnType<typeof selectCards>>[number];

function selectCards(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(cardFields)
    .from(offers)
    .innerJoin(institutions, and(eq(institutions.tenantId, offers.tenantId), eq(institutions.id, offers.institutionId)))
    .where(where);
}

/** A range filter on a first-class column: 0 means no bound; an offer without the value fails any bound (001 §2, §5). */
function range(column: AnyPgColumn, min: number, max: number): SQL[] {
  const conditions: SQL[] = [];
  if (min > 0) conditions.push(gte(column, min));
  if (max > 0) conditions.push(lte(column, max));
  return conditions;
}

/** The filters of the marketplace list (001 §2, §5) as conditions on the tenant's listed offers. */
function offerFilters(tenantId: string, q: MarketplaceOfferListQuery, now: Date, institutionId: string | undefined): SQL {
  const conditions: SQL[] = [onMarketplace(tenantId)];
  if (institutionId) conditions.push(eq(offers.institutionId, institutionId));
  // Searches start after more than 2 characters (001 §5), as the list's suggestions do.
  const search = q.search?.trim();
  if (search && search.length > 2) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        ilike(offers.name, pattern),
        ilike(offers.descriptionShort, pattern),
        sql`${offers.institutionId} in (select ${institutions.id} from ${institutions} where ${institutions.tenantId} = ${tenantId} and ${institutions.name} ilike ${pattern})`,
      )!,
    );
  }
  if (q.institution?.length) conditions.push(inArray(offers.institutionId, q.institution));
  if (q.type?.length) conditions.push(inArray(offers.type, q.type));
  if (q.assetClass?.length) conditions.push(inArray(offers.assetClass, q.assetClass));
  if (q.status?.length) conditions.push(or(...q.status.map((s) => listingStatusCondition(s, now)))!);
  conditions.push(
    ...range(offers.firstClassMinInvestment, q.investmentMin, q.investmentMax),
    ...range(offers.firstClassIrr, q.irrMin, q.irrMax),
    ...range(offers.firstClassEquityMultiple, q.equityMultipleMin, q.equityMultipleMax),
  );
  return and(...conditions)!;
}

/** Each sort spelt as its partial index is, so the page walks the index and stops after `limit` rows. */
const ORDER: Record<MarketplaceOfferListQuery['sort'], SQL[]> = {
  newest: [sql`${offers.createdAt} desc nulls last`, sql`${offers.id} desc nulls last`],
  name: [sql`lower(${offers.name})`, asc(offers.id)],
  targetIrr: [sql`${offers.cardTargetIrr} desc nulls last`, asc(offers.id)],
  minimumInvestment: [asc(offers.cardMinInvestment), asc(offers.id)],
  openDate: [asc(offers.openDate), asc(offers.id)],
};

/**
 * One page of the marketplace list: the page with its institutions in one query, and the total in a second
 * (skipped when page 1 holds every match).
 */
export async function listOfferCards(
  db: DbOrTx,
  tenantId: string,
  q: MarketplaceOfferListQuery,
  now: Date,
  institutionId?: string,
): Promise<{ rows: CardRow[]; total: number }> {
  const where = offerFilters(tenantId, q, now, institutionId);
  const rows = await selectCards(db, where)
    .orderBy(...ORDER[q.sort])
    .limit(q.limit)
    .offset(offsetOf(q));
  const total =
    q.page === 1 && rows.length < q.limit
      ? rows.length
      : ((await db.select({ total: sql<number>`count(*)::int` }).from(offers).where(where))[0]?.total ?? 0);
  return { rows, total };
}

/** The listed offers among `ids`, as cards, in one query (their order is the caller's to restore). */
export async function listedCardsOf(db: DbOrTx, tenantId: string, ids: readonly string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return selectCards(db, and(onMarketplace(tenantId), inArray(offers.id, [...ids])));
}

// ── Documents and images ──────────────────────────────────────────────────────────────────

/** A document shown (not hidden) by a listed offer, by the offer's id or slug: one query. */
export async function findListedDocument(
  db: DbOrTx,
  tenantId: string,
  offerIdOrSlug: string,
  documentId: string,
): Promise<{ row: DocumentRow; offerId: string } | undefined> {
  const [found] = await db
    .select({ row: documents, offerId: offers.id })
    .from(documents)
    .innerJoin(
      offers,
      and(
        onMarketplace(tenantId),
        offerKey(offerIdOrSlug),
        sql`${offers.documents} @> ${JSON.stringify([{ document: documentId, hidden: false }])}::jsonb`,
      ),
    )
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, documentId)))
    .limit(1);
  return found;
}

/** A visible image of a listed offer or of an institution of the tenant (`images @> [{image, hidden: false}]`): one query. */
export async function findPublicImage(db: DbOrTx, tenantId: string, imageId: string): Promise<ImageRow | undefined> {
  const shown = JSON.stringify([{ image: imageId, hidden: false }]);
  const [row] = await db
    .select()
    .from(images)
    .where(
      and(
        eq(images.tenantId, tenantId),
        eq(images.id, imageId),
        or(
          sql`exists (select 1 from ${offers} where ${onMarketplace(tenantId)} and ${offers.images} @> ${shown}::jsonb)`,
          sql`exists (select 1 from ${institutions} where ${institutions.tenantId} = ${tenantId} and ${institutions.images} @> ${shown}::jsonb)`,
        ),
      ),
    )
    .limit(1);
  return row;
}

// ── Institutions ──────────────────────────────────────────────────────────────────────────

/** Listed offers per institution of the tenant: one grouped sub-query joined to the rows. */
const listedCounts = (db: DbOrTx, tenantId: string) =>
  db
    .select({ institutionId: offers.institutionId, total: sql<number>`count(*)::int`.as('total') })
    .from(offers)
    .where(onMarketplace(tenantId))
    .groupBy(offers.institutionId)
    .as('listed_counts');

const institutionSummaryFields = {
  id: institutions.id,
  name: institutions.name,
  slug: institutions.slug,
  type: institutions.type,
  descriptionShort: institutions.descriptionShort,
  images: institutions.images,
};

/** The tenant's institutions with their listed offers, most first, then by name; searched over the name. */
export async function listInstitutionSummaries(
  db: DbOrTx,
  tenantId: string,
  q: { page: number; limit: number; search?: string | undefined },
) {
  const conditions: SQL[] = [eq(institutions.tenantId, tenantId)];
  const search = q.search?.trim();
  if (search && search.length > 2) conditions.push(ilike(institutions.name, likePattern(search)));
  const where = and(...conditions);
  const counts = listedCounts(db, tenantId);
  const offersCount = sql<number>`coalesce(${counts.total}, 0)::int`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...institutionSummaryFields, offersCount })
      .from(institutions)
      .leftJoin(counts, eq(counts.institutionId, institutions.id))
      .where(where)
      .orderBy(sql`${offersCount} desc`, sql`lower(${institutions.name})`, asc(institutions.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ total: sql<number>`count(*)::int` }).from(institutions).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** An institution of the tenant by id or slug (ignoring case), with its listed offers counted. */
export async function findInstitutionByIdOrSlug(db: DbOrTx, tenantId: string, idOrSlug: string) {
  const bySlug = sql`lower(${institutions.slug}) = lower(${idOrSlug})`;
  const key = OBJECT_ID.test(idOrSlug) ? or(eq(institutions.id, idOrSlug.toLowerCase()), bySlug)! : bySlug;
  const counts = listedCounts(db, tenantId);
  const [found] = await db
    .select({ row: institutions, offersCount: sql<number>`coalesce(${counts.total}, 0)::int` })
    .from(institutions)
    .leftJoin(counts, eq(counts.institutionId, institutions.id))
    .where(and(eq(institutions.tenantId, tenantId), key))
    .limit(1);
  return found;
}

/**
 * The institution's team as the public sees it, in one query: unexpired memberships of people who have set up their
 * account and accepted the tenant's invitation (invitations not yet accepted are left out), oldest first.
 */
export async function listPublicTeam(db: DbOrTx, tenantId: string, institutionId: string, now: Date) {
  return db
    .select({
      id: roleAssignments.id,
      email: users.email,
      displayname: users.displayname,
      firstname: sql<string | null>`coalesce(${tenantMembers.firstname}, ${users.firstname})`,
      lastname: sql<string | null>`coalesce(${tenantMembers.lastname}, ${users.lastname})`,
    })
    .from(roleAssignments)
    .innerJoin(users, eq(users.id, roleAssignments.userId))
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, roleAssignments.tenantId), eq(tenantMembers.userId, roleAssignments.userId)))
    .where(
      and(
        eq(roleAssignments.tenantId, tenantId),
        eq(roleAssignments.entityType, 'institution'),
        eq(roleAssignments.entityId, institutionId),
        unexpiredAssignment(now),
        sql`${users.signupStatus} <> 'partial'`,
        or(isNull(tenantMembers.membershipStatus), notInArray(tenantMembers.membershipStatus, [...PENDING_MEMBERSHIP_STATUSES])),
      ),
    )
    .orderBy(asc(roleAssignments.createdAt), asc(roleAssignments.id));
}

// ── Settings ──────────────────────────────────────────────────────────────────────────────

export async function findSettings(db: DbOrTx, tenantId: string, lock = false) {
  const query = db.select().from(marketplaceSettings).where(eq(marketplaceSettings.tenantId, tenantId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function saveSettings(db: DbOrTx, tenantId: string, handpickedOfferIds: string[], updatedBy: string | null): Promise<void> {
  const now = new Date();
  await db
    .insert(marketplaceSettings)
    .values({ tenantId, handpickedOfferIds, updatedBy, updatedAt: now })
    .onConflictDoUpdate({ target: marketplaceSettings.tenantId, set: { handpickedOfferIds, updatedBy, updatedAt: now } });
}

/** The ids among `ids` that are listed offers of the tenant. */
export async function listedOfferIds(db: DbOrTx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(onMarketplace(tenantId), inArray(offers.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
