import {
  approvalStatusLabels,
  deriveListingStatus,
  diffChanges,
  imageUrl,
  missingRequiredDocuments,
  offerRequiredDocumentTypeLabels,
  userDisplayName,
  visibilityStatusLabels,
  type ApprovalStatus,
  type List,
  type Offer,
  type DashboardWindowQuery,
  type OfferDashboard,
  type OfferDocument,
  type OfferSummary,
  type PageQuery,
  type TimelineEvent,
  type TimelineQuery,
  type VisibilityStatus,
} from '@tessera/domain';
import type { z } from 'zod';
import type {
  institutionOfferListQuery,
  offerCreateBody,
  offerCtaBody,
  offerDetailsBody,
  offerDocumentsBody,
  offerFinancialsBody,
  offerImagesBody,
  offerListQuery,
  offerStatusBody,
  offerVideosBody,
} from '@tessera/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { InstitutionRow, OfferRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import {
  isTenantOwner,
  requireEditor,
  requireInstitution,
  requireRaiseMode,
  requireTenantOwner,
  type InstitutionAccess,
  type InstitutionReader,
} from '../institutions/index.ts';
import { queryEvents, recordEvent } from '../timeline/index.ts';
import { assertPlanAllows } from '../billing/index.ts';
import { dashboardWindow, readAllTimeCounts, readAnalyticsSeries } from '../analytics/index.ts';
import {
  deleteOfferRow,
  documentFacts,
  documentsForOffer,
  existingImageIds,
  findOffer,
  insertOffer,
  listOffers as listOfferRows,
  logoUrlOf,
  slugTaken,
  updateOffer,
  userNames,
} from './offers.repository.ts';
import { emitWebhookEvent, type WebhookEventInput } from '../webhooks/index.ts';

export interface OfferDeps {
  db: Db;
  clock: Clock;
}

interface Loaded {
  offer: OfferRow;
  institution: InstitutionRow;
  isOwner: boolean;
}

const VIEWER_READ_ONLY = 'Viewers of an institution can look at its offers but not change them';

/** As for institutions: the team's viewers only look; owners, members and editors (and the tenant's owners) change. */
const requireOfferEditor = (access: InstitutionAccess) => requireEditor(access, VIEWER_READ_ONLY);

const iso = (d: Date | null) => d?.toISOString() ?? null;
const actorOf = (auth: AuthContext) => userDisplayName(auth.user);
const institutionRef = (id: string) => [{ entity: id, entityType: 'tenant-institution' as const }];
const slugConflict = (slug: string) => new AppError('conflict', `An offer with the slug '${slug}' already exists`);

/** Dates as ISO strings, so old and new values compare and store as the API shows them. */
function plain(values: Partial<OfferRow>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/**
 * An offer the caller may work on: Raise mode first (403 otherwise), then the offer of this tenant (404), then its
 * institution must be one the caller works on — another institution's offer is as unknown to a GP as a missing one.
 */
async function load(db: DbOrTx, auth: AuthContext, id: string, options: { write?: boolean } = {}): Promise<Loaded> {
  requireRaiseMode(auth);
  const offer = await findOffer(db, auth.tenantId, id);
  if (!offer) throw notFound('Offer');
  let access: InstitutionAccess;
  try {
    access = await requireInstitution(db, auth, offer.institutionId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not-found') throw notFound('Offer');
    throw error;
  }
  if (options.write) requireOfferEditor(access);
  return { offer, institution: access.institution, isOwner: access.isOwner };
}

async function toOffer(db: DbOrTx, row: OfferRow, institution: InstitutionRow, now: Date): Promise<Offer> {
  const names = await userNames(db, [row.publishedBy, row.approvalBy, row.visibilityUpdatedBy]);
  const actor = (id: string | null) => (id ? { _id: id, name: names.get(id) ?? '' } : null);
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    assetClass: row.assetClass,
    equityType: row.equityType,
    description: row.description,
    descriptionShort: row.descriptionShort,
    fedExemptionExclusions: row.fedExemptionExclusions,
    openDate: iso(row.openDate),
    closeDate: iso(row.closeDate),
    listingStatus: deriveListingStatus(row.openDate, row.closeDate, now),
    primaryCTA: row.primaryCta,
    secondaryCTA: row.secondaryCta,
    published: row.published,
    publishedAt: iso(row.publishedAt),
    publishedBy: actor(row.publishedBy),
    approvalStatus: row.approvalStatus,
    approvalDate: iso(row.approvalDate),
    approvalBy: actor(row.approvalBy),
    marketplaceConfig: {
      visibilityStatus: row.visibilityStatus,
      visibilityStatusUpdatedAt: iso(row.visibilityUpdatedAt),
      visibilityStatusUpdatedBy: actor(row.visibilityUpdatedBy),
    },
    classes: row.classes,
    customMetrics: row.customMetrics,
    capitalRaiseMin: row.capitalRaiseMin,
    capitalRaiseMax: row.capitalRaiseMax,
    capitalRaiseTotal: row.capitalRaiseTotal,
    config: { esignTemplateId: row.esignTemplateId },
    institution: { _id: institution.id, name: institution.name, logoUrl: logoUrlOf(institution.images) },
    documents: [...row.documents].sort((a, b) => a.position - b.position),
    images: row.images,
    videos: row.videos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────

/**
 * Owners see every offer of the tenant; GPs the offers of the institutions whose team they are on; an institution's
 * API key the offers of its institution.
 */
export function listOffers(deps: OfferDeps, reader: InstitutionReader, q: z.output<typeof offerListQuery>): Promise<List<OfferSummary>> {
  const now = deps.clock.now();
  if (reader.apiKey)
    return listOfferRows(deps.db, reader.tenantId, q, reader.institutionId ? { now, institutionId: reader.institutionId } : { now });
  requireRaiseMode(reader);
  return listOfferRows(deps.db, reader.tenantId, q, { now, ...(!isTenantOwner(reader) && { teamOf: reader.user.id }) });
}

export async function listInstitutionOffers(
  deps: OfferDeps,
  reader: InstitutionReader,
  institutionId: string,
  q: z.output<typeof institutionOfferListQuery>,
): Promise<List<OfferSummary>> {
  await requireInstitution(deps.db, reader, institutionId);
  return listOfferRows(deps.db, reader.tenantId, q, { now: deps.clock.now(), institutionId });
}

export async function slugAvailable(deps: OfferDeps, auth: AuthContext, slug: string, except?: string) {
  requireRaiseMode(auth);
  return { slug, available: !(await slugTaken(deps.db, auth.tenantId, slug, except)) };
}

// ── One offer ────────────────────────────────────────────────────────────────────────────

/** GET …/{id}: people as in `load`; an institution's API key the offers of its own institution only (any other is 404). */
export async function getOffer(deps: OfferDeps, reader: InstitutionReader, id: string): Promise<Offer> {
  if (reader.apiKey) {
    const offer = await findOffer(deps.db, reader.tenantId, id);
    if (!offer || (reader.institutionId !== null && offer.institutionId !== reader.institutionId)) throw notFound('Offer');
    return toOffer(deps.db, offer, (await requireInstitution(deps.db, reader, offer.institutionId)).institution, deps.clock.now());
  }
  const { offer, institution } = await load(deps.db, reader, id);
  return toOffer(deps.db, offer, institution, deps.clock.now());
}

/** 002 §2 create: pending approval, unpublished and hidden until the provider approves and the institution publishes. */
export async function createOffer(deps: OfferDeps, auth: AuthContext, body: z.output<typeof offerCreateBody>): Promise<Offer> {
  const access = await requireInstitution(deps.db, auth, body.institution);
  requireOfferEditor(access);
  const { institution } = access;
  // Issue #23: the institution's plan limits its offers (and an ended trial allows none).
  await assertPlanAllows(deps.db, auth.tenantId, institution.id, 'offers', deps.clock.now());
  if (await slugTaken(deps.db, auth.tenantId, body.slug)) throw slugConflict(body.slug);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const created = await insertOffer(tx, {
        tenantId: auth.tenantId,
        id: newId(),
        institutionId: institution.id,
        name: body.name,
        slug: body.slug,
        createdBy: auth.user.id,
      });
      await recordEvent(tx, {
        tenantId: auth.tenantId,
        type: 'create',
        entity: created.id,
        entityType: 'tenant-offer',
        userId: auth.user.id,
        message: `${actorOf(auth)} created the offer ${created.name} for ${institution.name}`,
        meta: {
          change: diffChanges(
            {},
            {
              name: created.name,
              slug: created.slug,
              institution: institution.id,
              approvalStatus: created.approvalStatus,
              published: created.published,
              visibilityStatus: created.visibilityStatus,
            },
          ),
        },
        refs: institutionRef(institution.id),
      });
      return created;
    });
    return toOffer(deps.db, row, institution, deps.clock.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw slugConflict(body.slug);
    throw error;
  }
}

export async function deleteOffer(deps: OfferDeps, auth: AuthContext, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { offer } = await load(tx, auth, id, { write: true });
    await deleteOfferRow(tx, auth.tenantId, id);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: 'delete',
      entity: id,
      entityType: 'tenant-offer',
      userId: auth.user.id,
      message: `${actorOf(auth)} deleted the offer ${offer.name}`,
      meta: {
        delete: {
          name: offer.name,
          slug: offer.slug,
          institution: offer.institutionId,
          approvalStatus: offer.approvalStatus,
          published: offer.published,
          visibilityStatus: offer.visibilityStatus,
        },
      },
      refs: institutionRef(offer.institutionId),
    });
  });
}

/**
 * Applies a change to an offer and records it with old and new values, in one transaction. A change that changes
 * nothing records nothing.
 */
async function change(
  deps: OfferDeps,
  auth: AuthContext,
  id: string,
  build: (current: Loaded, tx: DbOrTx, now: Date) => Promise<Partial<OfferRow>> | Partial<OfferRow>,
  event: { type?: 'update' | 'status' | 'access'; message: (offerName: string) => string },
): Promise<Offer> {
  const now = deps.clock.now();
  const { row, institution } = await deps.db.transaction(async (tx) => {
    const current = await load(tx, auth, id, { write: true });
    const values = await build(current, tx, now);
    const diff = diffChanges(plain(current.offer), plain(values));
    if (Object.keys(diff).length === 0) return { row: current.offer, institution: current.institution };
    const updated = await updateOffer(tx, auth.tenantId, id, values);
    await recordEvent(tx, {
      tenantId: auth.tenantId,
      type: event.type ?? 'update',
      entity: id,
      entityType: 'tenant-offer',
      userId: auth.user.id,
      message: event.message(current.offer.name),
      meta: { change: diff },
      refs: institutionRef(current.offer.institutionId),
    });
    return { row: updated, institution: current.institution };
  });
  return toOffer(deps.db, row, institution, now);
}

export async function updateDetails(
  deps: OfferDeps,
  auth: AuthContext,
  id: string,
  body: z.output<typeof offerDetailsBody>,
): Promise<Offer> {
  return change(
    deps,
    auth,
    id,
    async (_current, tx) => {
      if (await slugTaken(tx, auth.tenantId, body.slug, id)) throw slugConflict(body.slug);
      return {
        name: body.name,
        slug: body.slug,
        type: body.type,
        assetClass: body.assetClass,
        equityType: body.equityType,
        description: sanitizeRichText(body.description),
        descriptionShort: body.descriptionShort === null || body.descriptionShort === '' ? null : body.descriptionShort,
        fedExemptionExclusions: [...new Set(body.fedExemptionExclusions)],
      };
    },
    { message: (name) => `${actorOf(auth)} updated the details of ${name}` },
  ).catch((error: unknown) => {
    // Two offers renamed to the same slug at once: the unique index decides.
    throw isUniqueViolation(error) ? slugConflict(body.slug) : error;
  });
}

export function updateFinancials(deps: OfferDeps, auth: AuthContext, id: string, body: z.output<typeof offerFinancialsBody>) {
  return change(
    deps,
    auth,
    id,
    () => ({
      classes: body.classes,
      customMetrics: body.customMetrics,
      capitalRaiseMin: body.capitalRaiseMin,
      capitalRaiseMax: body.capitalRaiseMax,
      capitalRaiseTotal: body.capitalRaiseTotal,
    }),
    { message: (name) => `${actorOf(auth)} updated the financials of ${name}` },
  );
}

export function updateCta(deps: OfferDeps, auth: AuthContext, id: string, body: z.output<typeof offerCtaBody>) {
  return change(deps, auth, id, () => ({ primaryCta: body.primaryCTA, secondaryCta: body.secondaryCTA }), {
    message: (name) => `${actorOf(auth)} updated the calls to action of ${name}`,
  });
}

export function updateImages(deps: OfferDeps, auth: AuthContext, id: string, body: z.output<typeof offerImagesBody>) {
  return change(
    deps,
    auth,
    id,
    async (_current, tx) => {
      const known = await existingImageIds(tx, auth.tenantId, [...new Set(body.images.map((i) => i.image))]);
      const unknown = body.images.find((i) => !known.has(i.image));
      if (unknown) throw new AppError('bad-request', `images: no such image in this organization: ${unknown.image}`);
      return { images: body.images.map((i) => ({ ...i, url: imageUrl(i.image) })) };
    },
    { message: (name) => `${actorOf(auth)} updated the images of ${name}` },
  );
}

export function updateVideos(deps: OfferDeps, auth: AuthContext, id: string, body: z.output<typeof offerVideosBody>) {
  return change(deps, auth, id, () => ({ videos: body.videos }), { message: (name) => `${actorOf(auth)} updated the videos of ${name}` });
}

/**
 * The offer's documents: documents of this tenant uploaded as offer documents (entity type OFFER). A document not yet
 * on the offer must be one the caller may read (uploaded by them or shared with them; owners may use any): listing it
 * makes the institution its owner (see documentRoleThroughOffer), so it cannot be a way into someone else's file.
 */
export function updateDocuments(deps: OfferDeps, auth: AuthContext, id: string, body: z.output<typeof offerDocumentsBody>) {
  return change(
    deps,
    auth,
    id,
    async (current, tx, now) => {
      const ids = body.documents.map((d) => d.document);
      const duplicate = ids.find((d, i) => ids.indexOf(d) !== i);
      if (duplicate) throw new AppError('bad-request', `documents: the document ${duplicate} is listed twice`);
      const listed = new Set(current.offer.documents.map((d) => d.document));
      const found = new Map((await documentsForOffer(tx, auth.tenantId, ids, auth.user.id, now)).map((d) => [d.id, d]));
      for (const documentId of ids) {
        const doc = found.get(documentId);
        const usable = doc && (listed.has(documentId) || current.isOwner || doc.uploadedBy === auth.user.id || doc.granted);
        if (!usable) throw new AppError('bad-request', `documents: no such document in this organization: ${documentId}`);
        if (doc.entityType !== 'OFFER')
          throw new AppError(
            'bad-request',
            `documents: the document ${documentId} was not uploaded as an offer document (entity type OFFER)`,
          );
      }
      return { documents: [...body.documents].sort((a, b) => a.position - b.position) };
    },
    { message: (name) => `${actorOf(auth)} updated the documents of ${name}` },
  );
}

export function updateStatus(deps: OfferDeps, auth: AuthContext, id: string, body: z.output<typeof offerStatusBody>) {
  return change(
    deps,
    auth,
    id,
    () => ({
      openDate: body.openDate ? new Date(body.openDate) : null,
      closeDate: body.closeDate ? new Date(body.closeDate) : null,
    }),
    { type: 'status', message: (name) => `${actorOf(auth)} changed the dates of ${name}` },
  );
}

/** The offer.published webhook event (issue #23): what WEBHOOK_EVENTS['offer.published'].sample shows. */
function offerPublishedEvent(offer: Pick<OfferRow, 'tenantId' | 'id' | 'institutionId' | 'name' | 'slug'>, at: Date): WebhookEventInput {
  return {
    tenantId: offer.tenantId,
    institutionId: offer.institutionId,
    type: 'offer.published',
    at,
    data: {
      offer: { _id: offer.id, institution: offer.institutionId, name: offer.name, slug: offer.slug, publishedAt: at.toISOString() },
    },
  };
}

/** 002 §5: publishing needs approval and the four required documents; Publish and Unpublish each apply only once. */
export function updatePublishing(deps: OfferDeps, auth: AuthContext, id: string, published: boolean) {
  return change(
    deps,
    auth,
    id,
    async ({ offer }, tx, now) => {
      if (offer.published === published)
        throw new AppError('bad-request', published ? 'The offer is already published' : 'The offer is not published');
      if (published) {
        const needs: string[] = [];
        if (offer.approvalStatus !== 'approved') needs.push('approval');
        const missing = missingRequiredDocuments(offer.documents).map((t) => offerRequiredDocumentTypeLabels[t]);
        if (missing.length > 0) needs.push(`these documents: ${missing.join(', ')}`);
        if (needs.length > 0) throw new AppError('bad-request', `Publishing needs ${needs.join(' and ')}`);
      }
      if (published) await emitWebhookEvent(tx, offerPublishedEvent(offer, now));
      return { published, publishedAt: now, publishedBy: auth.user.id };
    },
    { type: 'status', message: (name) => `${actorOf(auth)} ${published ? 'published' : 'unpublished'} ${name}` },
  );
}

const ALREADY: Record<ApprovalStatus, string> = {
  approved: 'The offer is already approved',
  pending: 'The offer is already pending approval',
  rejected: 'The offer is already rejected',
};

/** 002 §4: owners approve, unapprove (back to pending) or reject; each button is disabled in its own state. */
export function updateApproval(deps: OfferDeps, auth: AuthContext, id: string, approvalStatus: ApprovalStatus) {
  return change(
    deps,
    auth,
    id,
    ({ offer }, _tx, now) => {
      requireTenantOwner(auth, 'Only the organization owners can approve offers');
      if (offer.approvalStatus === approvalStatus) throw new AppError('bad-request', ALREADY[approvalStatus]);
      return { approvalStatus, approvalDate: now, approvalBy: auth.user.id };
    },
    { type: 'status', message: (name) => `${actorOf(auth)} set the approval of ${name} to ${approvalStatusLabels[approvalStatus]}` },
  );
}

export function updateConfig(deps: OfferDeps, auth: AuthContext, id: string, esignTemplateId: string | null) {
  return change(deps, auth, id, () => ({ esignTemplateId: esignTemplateId === '' ? null : esignTemplateId }), {
    message: (name) => `${actorOf(auth)} updated the configuration of ${name}`,
  });
}

/** 002 §4: owners show or hide an offer on the marketplace; Hide only when visible, Show only when hidden. */
export function updateMarketplaceConfig(deps: OfferDeps, auth: AuthContext, id: string, visibilityStatus: VisibilityStatus) {
  return change(
    deps,
    auth,
    id,
    ({ offer }, _tx, now) => {
      requireTenantOwner(auth, 'Only the organization owners can change the marketplace visibility');
      if (offer.visibilityStatus === visibilityStatus) throw new AppError('bad-request', `The offer is already ${visibilityStatus}`);
      return { visibilityStatus, visibilityUpdatedAt: now, visibilityUpdatedBy: auth.user.id };
    },
    {
      type: 'status',
      message: (name) => `${actorOf(auth)} made ${name} ${visibilityStatusLabels[visibilityStatus].toLowerCase()} on the marketplace`,
    },
  );
}

// ── Related lists ────────────────────────────────────────────────────────────────────────

export async function listOfferEvents(deps: OfferDeps, auth: AuthContext, id: string, q: TimelineQuery): Promise<List<TimelineEvent>> {
  await load(deps.db, auth, id);
  return queryEvents(deps.db, auth.tenantId, { kind: 'entity', entityType: 'tenant-offer', entity: id }, q);
}

/**
 * The offer's documents with their names and file facts, by position; hidden ones included (the raise side sees all).
 * The list lives on the offer row (at most 100 items), so it is paged here, after documents deleted meanwhile drop out.
 */
export async function listOfferDocuments(deps: OfferDeps, auth: AuthContext, id: string, q: PageQuery): Promise<List<OfferDocument>> {
  const { offer } = await load(deps.db, auth, id);
  const facts = new Map(
    (
      await documentFacts(
        deps.db,
        auth.tenantId,
        offer.documents.map((d) => d.document),
      )
    ).map((f) => [f.id, f]),
  );
  const all = [...offer.documents]
    .sort((a, b) => a.position - b.position)
    .flatMap((item) => {
      const f = facts.get(item.document);
      // A document deleted meanwhile drops out of the list.
      return f
        ? [
            {
              ...item,
              name: f.name,
              originalName: f.originalName,
              mimeType: f.mimeType,
              size: f.size,
              createdAt: f.createdAt.toISOString(),
            },
          ]
        : [];
    });
  return { data: all.slice(offsetOf(q), offsetOf(q) + q.limit), meta: pageMeta(q, all.length) };
}

export async function getOfferDashboard(deps: OfferDeps, auth: AuthContext, id: string, q: DashboardWindowQuery): Promise<OfferDashboard> {
  await load(deps.db, auth, id);
  const window = dashboardWindow(q, deps.clock.now());
  const scope = { tenantId: auth.tenantId, scope: 'offer' as const, scopeId: id };
  const [allTime, analytics] = await Promise.all([
    readAllTimeCounts(deps.db, scope),
    readAnalyticsSeries(deps.db, { ...scope, ...window }),
  ]);
  return { allTime, analytics };
}
