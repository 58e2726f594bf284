import {
  deriveListingStatus,
  marketplaceImagePath,
  userDisplayName,
  type List,
  type MarketplaceDocumentFile,
  type MarketplaceInstitution,
  type MarketplaceInstitutionSummary,
  type MarketplaceOffer,
  type MarketplaceOfferCard,
  type MarketplaceOfferListQuery,
  type MarketplaceSettings,
  type MarketplaceSettingsView,
  type PageQuery,
} from '@tessera/domain';
import type { Readable } from 'node:stream';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DocumentRow, ImageRow, InstitutionRow, OfferRow } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import type { FileStorage } from '../../lib/storage/storage.ts';
import type { Caller } from '../../lib/auth-context.ts';
import { actorName, recordEvent } from '../timeline/index.ts';
import {
  documentFactsOf,
  findInstitutionByIdOrSlug,
  findListedDocument,
  findListedOffer,
  findPublicImage,
  findSettings,
  listedCardsOf,
  listedOfferIds,
  listInstitutionSummaries,
  listOfferCards,
  listPublicTeam,
  saveSettings,
  type CardRow,
} from './marketplace.repository.ts';

export interface MarketplaceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const visible = <T extends { hidden: boolean; position: number }>(items: readonly T[]) =>
  items.filter((i) => !i.hidden).sort((a, b) => a.position - b.position);

/**
 * The public address of a visible image item: its own external http(s) URL, else the marketplace image path. The
 * offers module stores the signed-in path (`/api/v1/image/{id}`) in `url`; that one is never handed to the public.
 */
function publicSrc(tenantId: string, item: { image: string; url?: string | undefined } | undefined): string | null {
  if (!item) return null;
  return item.url && /^https?:\/\//i.test(item.url) ? item.url : marketplaceImagePath(tenantId, item.image);
}
type ImageItem = { image: string; url?: string | undefined; hidden: boolean; position: number; purpose: string };
const firstOf = <T extends ImageItem>(items: readonly T[], purpose: string) => visible(items).find((i) => i.purpose === purpose);
/** The banner: the first visible banner image, else the first visible primary one. */
const bannerOf = (tenantId: string, items: readonly ImageItem[]) =>
  publicSrc(tenantId, firstOf(items, 'banner') ?? firstOf(items, 'primary'));
const logoOf = (tenantId: string, items: readonly ImageItem[]) => publicSrc(tenantId, firstOf(items, 'logo'));

type InstitutionFacts = Pick<InstitutionRow, 'id' | 'name' | 'slug' | 'type' | 'descriptionShort' | 'images'>;
function offerInstitution(tenantId: string, i: InstitutionFacts): MarketplaceOfferCard['institution'] {
  return { _id: i.id, name: i.name, slug: i.slug, type: i.type, descriptionShort: i.descriptionShort, logoUrl: logoOf(tenantId, i.images) };
}

/** A card: metrics over all classes (002 §9) come from the generated columns, the status from the dates and the clock. */
function toCard(tenantId: string, row: CardRow, now: Date): MarketplaceOfferCard {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    descriptionShort: row.descriptionShort,
    type: row.type,
    assetClass: row.assetClass,
    listingStatus: deriveListingStatus(row.openDate, row.closeDate, now),
    openDate: iso(row.openDate),
    closeDate: iso(row.closeDate),
    institution: offerInstitution(tenantId, row.institution),
    bannerUrl: bannerOf(tenantId, row.images),
    classNames: row.classes.map((c) => c.name),
    minimumInvestment: row.minimumInvestment,
    targetIrr: row.targetIrr,
    equityMultiple: row.equityMultiple,
    holdingPeriod: row.holdingPeriod,
    primaryCTA: row.primaryCta,
    secondaryCTA: row.secondaryCta,
  };
}

/** An offer's visible documents, by position, each with its file facts (one query; a document gone from the store is left out). */
async function visibleDocuments(db: DbOrTx, offer: OfferRow) {
  const listed = visible(offer.documents);
  const facts = new Map(
    (
      await documentFactsOf(
        db,
        offer.tenantId,
        listed.map((d) => d.document),
      )
    ).map((d) => [d.id, d]),
  );
  return listed.flatMap((item) => {
    const file = facts.get(item.document);
    return file ? [{ item, file }] : [];
  });
}

// ── Offers ────────────────────────────────────────────────────────────────────────────────

/** The investor's view of an offer: hidden media, metrics and documents never leave the server. */
async function toMarketplaceOffer(db: DbOrTx, offer: OfferRow, institution: InstitutionRow, now: Date): Promise<MarketplaceOffer> {
  const tenantId = offer.tenantId;
  const documents = await visibleDocuments(db, offer);
  return {
    _id: offer.id,
    slug: offer.slug,
    name: offer.name,
    description: offer.description,
    descriptionShort: offer.descriptionShort,
    type: offer.type,
    assetClass: offer.assetClass,
    institution: offerInstitution(tenantId, institution),
    // `url` may hold the signed-in image path: only `src` goes out.
    images: visible(offer.images).map(({ url, ...item }) => ({ ...item, src: publicSrc(tenantId, { ...item, url })! })),
    bannerUrl: bannerOf(tenantId, offer.images),
    videos: visible(offer.videos),
    openDate: iso(offer.openDate),
    closeDate: iso(offer.closeDate),
    listingStatus: deriveListingStatus(offer.openDate, offer.closeDate, now),
    fedExemptionExclusions: offer.fedExemptionExclusions,
    customMetrics: visible(offer.customMetrics),
    primaryCTA: offer.primaryCta,
    secondaryCTA: offer.secondaryCta,
    classes: offer.classes.map((c) => ({ ...c, customMetrics: visible(c.customMetrics) })),
    documents: documents.map(({ item, file: f }) => ({
      _id: f.id,
      name: f.name,
      originalName: f.originalName,
      mimeType: f.mimeType,
      size: f.size,
      position: item.position,
    })),
  };
}

/** 001 §7 GET marketplace offers/{idOrSlug}: open to everyone; anything not on the marketplace is a 404. */
export async function getMarketplaceOffer(deps: MarketplaceDeps, tenantId: string, idOrSlug: string): Promise<MarketplaceOffer> {
  const found = await findListedOffer(deps.db, tenantId, idOrSlug);
  if (!found) throw notFound('Offer');
  return toMarketplaceOffer(deps.db, found.offer, found.institution, deps.clock.now());
}

/** 001 §7 GET marketplace offers: the tenant's listed offers as cards, filtered, sorted and paginated. */
export async function listMarketplaceOffers(
  deps: MarketplaceDeps,
  tenantId: string,
  q: MarketplaceOfferListQuery,
  institutionId?: string,
): Promise<List<MarketplaceOfferCard>> {
  const now = deps.clock.now();
  const { rows, total } = await listOfferCards(deps.db, tenantId, q, now, institutionId);
  return { data: rows.map((r) => toCard(tenantId, r, now)), meta: pageMeta(q, total) };
}

// ── Documents ─────────────────────────────────────────────────────────────────────────────

function toDocumentFile(
  tenantId: string,
  offerId: string,
  d: Pick<DocumentRow, 'id' | 'name' | 'originalName' | 'mimeType' | 'size'>,
): MarketplaceDocumentFile {
  const url = `/api/v1/tenant/${tenantId}/marketplace/offers/${offerId}/documents/${d.id}/file`;
  return {
    _id: d.id,
    name: d.name,
    originalName: d.originalName,
    mimeType: d.mimeType,
    size: d.size,
    url,
    downloadUrl: `${url}?download=true`,
  };
}

/** The visible documents of a listed offer, by position. */
export async function listOfferDocuments(
  deps: MarketplaceDeps,
  tenantId: string,
  offerIdOrSlug: string,
  q: PageQuery,
): Promise<List<MarketplaceDocumentFile>> {
  const found = await findListedOffer(deps.db, tenantId, offerIdOrSlug);
  if (!found) throw notFound('Offer');
  const files = (await visibleDocuments(deps.db, found.offer)).map(({ file }) => toDocumentFile(tenantId, found.offer.id, file));
  return pageOf(files, q);
}

async function loadDocument(deps: MarketplaceDeps, tenantId: string, offerIdOrSlug: string, documentId: string) {
  const found = await findListedDocument(deps.db, tenantId, offerIdOrSlug, documentId);
  if (!found) throw notFound('Document');
  return found;
}

export async function getOfferDocument(
  deps: MarketplaceDeps,
  tenantId: string,
  offerIdOrSlug: string,
  documentId: string,
): Promise<MarketplaceDocumentFile> {
  const { row, offerId } = await loadDocument(deps, tenantId, offerIdOrSlug, documentId);
  return toDocumentFile(tenantId, offerId, row);
}

/** The bytes of a visible document of a listed offer. */
export async function openOfferDocument(
  deps: MarketplaceDeps,
  tenantId: string,
  offerIdOrSlug: string,
  documentId: string,
): Promise<{ row: DocumentRow; stream: Readable; size: number }> {
  const { row } = await loadDocument(deps, tenantId, offerIdOrSlug, documentId);
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw notFound('Document');
  return { row, ...file };
}

/** The bytes of an image, only while a listed offer or an institution of the tenant shows it. */
export async function openPublicImage(
  deps: MarketplaceDeps,
  tenantId: string,
  imageId: string,
): Promise<{ row: ImageRow; stream: Readable; size: number }> {
  const row = await findPublicImage(deps.db, tenantId, imageId);
  const file = row && (await deps.storage.get(row.storageKey));
  if (!row || !file) throw notFound('Image');
  return { row, ...file };
}

// ── Institutions ──────────────────────────────────────────────────────────────────────────

type SummaryFacts = InstitutionFacts & { offersCount: number };
function toSummary(tenantId: string, i: SummaryFacts): MarketplaceInstitutionSummary {
  return {
    _id: i.id,
    name: i.name,
    slug: i.slug,
    type: i.type,
    descriptionShort: i.descriptionShort,
    logoUrl: logoOf(tenantId, i.images),
    bannerUrl: bannerOf(tenantId, i.images),
    offersCount: i.offersCount,
  };
}

export async function listMarketplaceInstitutions(
  deps: MarketplaceDeps,
  tenantId: string,
  q: { page: number; limit: number; search?: string | undefined },
): Promise<List<MarketplaceInstitutionSummary>> {
  const { rows, total } = await listInstitutionSummaries(deps.db, tenantId, q);
  return { data: rows.map((r) => toSummary(tenantId, r)), meta: pageMeta(q, total) };
}

async function loadInstitution(deps: MarketplaceDeps, tenantId: string, idOrSlug: string) {
  const found = await findInstitutionByIdOrSlug(deps.db, tenantId, idOrSlug);
  if (!found) throw notFound('Institution');
  return found;
}

/**
 * The institution page (001 §2): visible media and metrics, and the team. Member photos are images for signed-in
 * members only, so the public team carries no photo (imageUrl null) rather than an address that would fail or leak.
 */
export async function getMarketplaceInstitution(
  deps: MarketplaceDeps,
  tenantId: string,
  idOrSlug: string,
): Promise<MarketplaceInstitution> {
  const { row, offersCount } = await loadInstitution(deps, tenantId, idOrSlug);
  const team = await listPublicTeam(deps.db, tenantId, row.id, deps.clock.now());
  return {
    ...toSummary(tenantId, { ...row, offersCount }),
    description: row.description,
    customMetrics: visible(row.customMetrics),
    images: visible(row.images).map((i) => ({
      id: i.id,
      image: i.image,
      src: publicSrc(tenantId, i)!,
      position: i.position,
      purpose: i.purpose,
    })),
    videos: visible(row.videos).map((v) => ({ id: v.id, url: v.url, position: v.position, purpose: v.purpose })),
    team: team.map((m) => ({ _id: m.id, name: userDisplayName(m), email: m.email, imageUrl: null })),
  };
}

/** GET institutions/{idOrSlug}/offers: the marketplace list kept to one institution of the tenant. */
export async function listInstitutionOffers(
  deps: MarketplaceDeps,
  tenantId: string,
  idOrSlug: string,
  q: MarketplaceOfferListQuery,
): Promise<List<MarketplaceOfferCard>> {
  const { row } = await loadInstitution(deps, tenantId, idOrSlug);
  return listMarketplaceOffers(deps, tenantId, q, row.id);
}

// ── Handpicked deals ──────────────────────────────────────────────────────────────────────

/** The listed offers among `ids` as cards, in the order of `ids` (offers no longer listed are dropped). */
async function cardsInOrder(deps: MarketplaceDeps, tenantId: string, ids: readonly string[]): Promise<MarketplaceOfferCard[]> {
  const now = deps.clock.now();
  const byId = new Map((await listedCardsOf(deps.db, tenantId, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(tenantId, row, now)] : [];
  });
}

/** GET showcase: the handpicked deals still listed, in the chosen order (at most 12, paged like every list). */
export async function getShowcase(deps: MarketplaceDeps, tenantId: string, q: PageQuery): Promise<List<MarketplaceOfferCard>> {
  const settings = await findSettings(deps.db, tenantId);
  return pageOf(await cardsInOrder(deps, tenantId, settings?.handpickedOfferIds ?? []), q);
}

/**
 * A page of a list held on one row (an offer's documents, the handpicked deals: at most 100 and 12 items), paged
 * after the items no longer shown have dropped out, so `total` counts what is served.
 */
function pageOf<T>(items: readonly T[], q: PageQuery): List<T> {
  return { data: items.slice(offsetOf(q), offsetOf(q) + q.limit), meta: pageMeta(q, items.length) };
}

function assertOwnTenant(caller: Caller, tenantId: string): void {
  // The access check admitted an owner (or a private key) of the host's tenant; a platform admin signed in elsewhere is not one.
  if (caller.tenantId !== tenantId) throw notFound('Organization');
}

export async function getSettings(deps: MarketplaceDeps, caller: Caller, tenantId: string): Promise<MarketplaceSettingsView> {
  assertOwnTenant(caller, tenantId);
  const ids = (await findSettings(deps.db, tenantId))?.handpickedOfferIds ?? [];
  return { handpickedOfferIds: ids, handpickedOffers: await cardsInOrder(deps, tenantId, ids) };
}

/** PUT settings: every handpicked id must be a listed offer of the tenant; the change is recorded on the tenant's timeline. */
export async function updateSettings(
  deps: MarketplaceDeps,
  caller: Caller,
  tenantId: string,
  body: MarketplaceSettings,
): Promise<MarketplaceSettingsView> {
  assertOwnTenant(caller, tenantId);
  const ids = body.handpickedOfferIds;
  await deps.db.transaction(async (tx) => {
    const listed = await listedOfferIds(tx, tenantId, ids);
    const missing = ids.filter((id) => !listed.has(id));
    if (missing.length > 0) {
      throw new AppError(
        'bad-request',
        `handpickedOfferIds: not offers on this organization's marketplace (approved, published and visible): ${missing.join(', ')}`,
      );
    }
    const previous = (await findSettings(tx, tenantId, true))?.handpickedOfferIds ?? [];
    await saveSettings(tx, tenantId, ids, caller.apiKey ? null : caller.user.id);
    await recordEvent(tx, {
      tenantId,
      type: 'update',
      entity: tenantId,
      entityType: 'tenant',
      caller,
      message: `${actorName(caller)} updated the handpicked deals of the marketplace`,
      meta: { change: { handpickedOfferIds: { old: previous, new: ids } } },
    });
  });
  return { handpickedOfferIds: ids, handpickedOffers: await cardsInOrder(deps, tenantId, ids) };
}
