import {
  heroImage,
  imageUrl,
  offerCardMetrics,
  type InstitutionImage,
  type List,
  type ListingStatus,
  type OfferSummary,
} from '@tessera/domain';
import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { offerListQuery } from '@tessera/domain';
import type { DbOrTx } from '../../db/client.ts';
import { accessGrants, documents, images, institutions, offers, roleAssignments, users, type OfferRow } from '../../db/schema/index.ts';
import { likePattern, offsetOf, pageMeta } from '../../lib/pagination.ts';
import { unexpiredAssignment } from '../institutions/index.ts';

/** The logo of an institution: its first visible image with purpose logo. */
export function logoUrlOf(images: readonly InstitutionImage[]): string | null {
  const logo = heroImage(images, 'logo');
  return logo ? (logo.url ?? imageUrl(logo.image)) : null;
}

/** The listing status of 002 §4 as a filter, against a given instant (the service's clock). */
export function listingStatusCondition(status: ListingStatus, now: Date): SQL {
  switch (status) {
    case 'upcoming':
      return gt(offers.openDate, now);
    case 'open':
      return and(lte(offers.openDate, now), or(isNull(offers.closeDate), gt(offers.closeDate, now)))!;
    case 'closed':
      return and(lte(offers.closeDate, now), or(isNull(offers.openDate), lte(offers.openDate, now)))!;
    case 'none':
      return and(isNull(offers.openDate), or(isNull(offers.closeDate), gt(offers.closeDate, now)))!;
  }
}

/** The same rule as a column of the list (deriveListingStatus in the domain). */
function listingStatusSql(now: Date): SQL<ListingStatus> {
  return sql<ListingStatus>`case
    when ${offers.openDate} > ${now} then 'upcoming'
    when ${offers.openDate} is not null and (${offers.closeDate} is null or ${offers.closeDate} > ${now}) then 'open'
    when ${offers.closeDate} <= ${now} then 'closed'
    else 'none' end`;
}

/** Offers of institutions whose team the user is on (an unexpired assignment): the GP's view, as one EXISTS. */
function onTeamOf(userId: string, now: Date): SQL {
  return sql`exists (select 1 from ${roleAssignments} where ${roleAssignments.tenantId} = ${offers.tenantId}
    and ${roleAssignments.entityType} = 'institution' and ${roleAssignments.entityId} = ${offers.institutionId}
    and ${roleAssignments.userId} = ${userId} and (${roleAssignments.expiresAt} is null or ${roleAssignments.expiresAt} > ${now}))`;
}

export interface OfferListScope {
  now: Date;
  /** Set for GPs: only offers of institutions whose team this user is on. Owners see every offer of the tenant. */
  teamOf?: string;
  /** Only this institution's offers (the institution's offers tab). */
  institutionId?: string;
}

/**
 * A tenant's offers with their institution, searched over name and slug (case-insensitive), filtered by type,
 * derived status, approval and institution, sorted and paginated: one query for the page, one for the total (skipped
 * when page 1 holds every match) and one for the page's institutions.
 */
export async function listOffers(
  db: DbOrTx,
  tenantId: string,
  q: z.output<typeof offerListQuery>,
  scope: OfferListScope,
): Promise<List<OfferSummary>> {
  const conditions: SQL[] = [eq(offers.tenantId, tenantId)];
  if (scope.teamOf) conditions.push(onTeamOf(scope.teamOf, scope.now));
  // Both apply: a filter naming another institution than the scope's finds nothing.
  if (scope.institutionId) conditions.push(eq(offers.institutionId, scope.institutionId));
  if (q.institution) conditions.push(eq(offers.institutionId, q.institution));
  if (q.search) {
    // ILIKE on the plain columns: their statistics let the planner walk the created_at index and stop at the page (bench/README.md).
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(offers.name, pattern), ilike(offers.slug, pattern))!);
  }
  if (q.type) conditions.push(eq(offers.type, q.type));
  if (q.status) conditions.push(listingStatusCondition(q.status, scope.now));
  if (q.approvalStatus) conditions.push(eq(offers.approvalStatus, q.approvalStatus));
  const where = and(...conditions);
  const order = q.direction === 'asc' ? asc : desc;
  const column = {
    createdAt: offers.createdAt,
    updatedAt: offers.updatedAt,
    name: sql`lower(${offers.name})`,
    openDate: offers.openDate,
    closeDate: offers.closeDate,
  }[q.sort];

  // The page reads offers alone: joined to institutions, the planner misjudges a GP's EXISTS (9 rows expected
  // instead of 1,112), sorts every match instead of walking the created_at index, and the page costs 15 ms, not 0.4.
  const rows = await db
    .select({
      id: offers.id,
      institutionId: offers.institutionId,
      name: offers.name,
      slug: offers.slug,
      type: offers.type,
      assetClass: offers.assetClass,
      descriptionShort: offers.descriptionShort,
      openDate: offers.openDate,
      closeDate: offers.closeDate,
      published: offers.published,
      approvalStatus: offers.approvalStatus,
      visibilityStatus: offers.visibilityStatus,
      classes: offers.classes,
      images: offers.images,
      createdAt: offers.createdAt,
      updatedAt: offers.updatedAt,
      listingStatus: listingStatusSql(scope.now),
    })
    .from(offers)
    .where(where)
    .orderBy(order(column), order(offers.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  // A first page that is not full holds every match: no need to count them again.
  const total =
    q.page === 1 && rows.length < q.limit
      ? rows.length
      : ((await db.select({ total: sql<number>`count(*)::int` }).from(offers).where(where))[0]?.total ?? 0);
  const ids = [...new Set(rows.map((o) => o.institutionId))];
  const owners =
    ids.length === 0
      ? []
      : await db
          .select({ id: institutions.id, name: institutions.name, images: institutions.images })
          .from(institutions)
          .where(and(eq(institutions.tenantId, tenantId), inArray(institutions.id, ids)));
  const institutionOf = new Map(owners.map((i) => [i.id, i]));

  return {
    data: rows.map((o) => {
      const institution = institutionOf.get(o.institutionId);
      const hero = heroImage(o.images, 'primary') ?? heroImage(o.images, 'banner') ?? heroImage(o.images, 'gallery');
      const { minimumInvestment, targetIrr } = offerCardMetrics(o.classes);
      return {
        _id: o.id,
        name: o.name,
        slug: o.slug,
        type: o.type,
        assetClass: o.assetClass,
        descriptionShort: o.descriptionShort,
        openDate: o.openDate?.toISOString() ?? null,
        closeDate: o.closeDate?.toISOString() ?? null,
        listingStatus: o.listingStatus,
        published: o.published,
        approvalStatus: o.approvalStatus,
        visibilityStatus: o.visibilityStatus,
        institution: { _id: o.institutionId, name: institution?.name ?? '', logoUrl: institution ? logoUrlOf(institution.images) : null },
        heroImageUrl: hero ? (hero.url ?? imageUrl(hero.image)) : null,
        minimumInvestment,
        targetIrr,
        createdAt: o.createdAt.toISOString(),
        updatedAt: o.updatedAt.toISOString(),
      };
    }),
    meta: pageMeta(q, total),
  };
}

export async function findOffer(db: DbOrTx, tenantId: string, id: string): Promise<OfferRow | undefined> {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1);
  return row;
}

/**
 * An offer's name and its minimum investment: the lowest minimum across its classes, or null when it has no class or a
 * class sets no minimum (then any amount may be invested). The accreditation wizard's high-minimum path reads it.
 */
export async function offerMinimumInvestment(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<{ name: string; minimum: number | null } | undefined> {
  const [row] = await db
    .select({ name: offers.name, classes: offers.classes })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .limit(1);
  if (!row) return undefined;
  const minimums = row.classes.map((c) => c.minimumInvestment);
  const all = minimums.length > 0 && minimums.every((m): m is number => typeof m === 'number');
  return { name: row.name, minimum: all ? Math.min(...minimums) : null };
}

/** Whether another offer of the tenant has this slug, ignoring case (the unique index is on lower(slug)). */
export async function slugTaken(db: DbOrTx, tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
  const conditions: SQL[] = [eq(offers.tenantId, tenantId), sql`lower(${offers.slug}) = lower(${slug})`];
  if (exceptId) conditions.push(sql`${offers.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertOffer(db: DbOrTx, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row!;
}

export async function updateOffer(db: DbOrTx, tenantId: string, id: string, values: Partial<OfferRow>): Promise<OfferRow> {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)))
    .returning();
  return row!;
}

export async function deleteOfferRow(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(offers).where(and(eq(offers.tenantId, tenantId), eq(offers.id, id)));
}

/** Display names of the given users (approvers, publishers), in one query. */
export async function userNames(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(trim(${users.displayname}), ''), nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.email})`,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Ids of the given images that belong to the tenant. */
export async function existingImageIds(db: DbOrTx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.tenantId, tenantId), inArray(images.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The given documents of the tenant, with whether the user uploaded them or holds an unexpired grant on them. */
export async function documentsForOffer(db: DbOrTx, tenantId: string, ids: string[], userId: string, now: Date) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: documents.id,
      entityType: documents.entityType,
      uploadedBy: documents.uploadedBy,
      granted: sql<boolean>`exists (select 1 from ${accessGrants} where ${accessGrants.tenantId} = ${documents.tenantId}
        and ${accessGrants.resourceType} = 'document' and ${accessGrants.resource} = ${documents.id} and ${accessGrants.subject} = ${userId}
        and (${accessGrants.expiresAt} is null or ${accessGrants.expiresAt} > ${now}))`,
    })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), inArray(documents.id, ids)));
}

/** The file facts of an offer's documents, in one query. */
export async function documentFacts(db: DbOrTx, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: documents.id,
      name: documents.name,
      originalName: documents.originalName,
      mimeType: documents.mimeType,
      size: documents.size,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), inArray(documents.id, ids)));
}

/** An offer-shaped JSON fragment naming one document, for jsonb containment (`documents @> …`). */
const listsDocument = (documentId: string) => sql`${offers.documents} @> ${JSON.stringify([{ document: documentId }])}::jsonb`;

/**
 * The role a user holds on a document through the offers that list it (002 §6: uploaded offer documents give the
 * institution the owner role): owner for the tenant's owners (`anyInstitution`) and for the team of an institution
 * whose offer lists it, viewer when the user is only a viewer on those teams, null otherwise.
 */
export async function documentRoleThroughOffer(
  db: DbOrTx,
  tenantId: string,
  documentId: string,
  userId: string,
  anyInstitution: boolean,
  now: Date,
): Promise<'owner' | 'viewer' | null> {
  if (anyInstitution) {
    const [row] = await db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.tenantId, tenantId), listsDocument(documentId)))
      .limit(1);
    return row ? 'owner' : null;
  }
  const rows = await db
    .selectDistinct({ role: roleAssignments.role })
    .from(offers)
    .innerJoin(
      roleAssignments,
      and(
        eq(roleAssignments.tenantId, offers.tenantId),
        eq(roleAssignments.entityType, 'institution'),
        eq(roleAssignments.entityId, offers.institutionId),
        eq(roleAssignments.userId, userId),
        unexpiredAssignment(now),
      ),
    )
    .where(and(eq(offers.tenantId, tenantId), listsDocument(documentId)));
  if (rows.length === 0) return null;
  return rows.every((r) => r.role === 'viewer') ? 'viewer' : 'owner';
}

/** Whether any offer of the tenant lists the document (it cannot be deleted while one does). */
export async function documentListedOnOffer(db: DbOrTx, tenantId: string, documentId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: offers.name })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), listsDocument(documentId)))
    .limit(1);
  return row?.name ?? null;
}
