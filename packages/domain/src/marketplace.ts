import { z } from 'zod';
import { pageQuery } from './http.ts';
import { objectId } from './ids.ts';
import { customMetric, institutionType } from './institution.ts';
import {
  cta,
  listingStatus,
  type Cta,
  offerAssetClass,
  offerClass,
  offerImage,
  offerType,
  offerVideo,
  securitiesExemption,
} from './offer.ts';

/**
 * The marketplace (001 §2, §3, §7): offers and institutions as investors see them. Only approved, published and
 * visible offers of the host's tenant are ever served; hidden media, metrics and documents are left out by the
 * server, so a public caller never receives what the institution chose not to show.
 */

/** Which of an offer's calls to action a link asks for (000 §2: `?offer=<id>&cta=primary|secondary`). */
export const offerCtaKind = z.enum(['primary', 'secondary']);
export type OfferCtaKind = z.infer<typeof offerCtaKind>;

export const marketplaceOfferInstitution = z
  .object({
    _id: objectId,
    name: z.string(),
    slug: z.string(),
    type: institutionType,
    descriptionShort: z.string().nullable(),
    /** A public URL (see `marketplaceImagePath`): marketplace pages are open to signed-out visitors. */
    logoUrl: z.string().nullable(),
  })
  .describe('MarketplaceOfferInstitution');

export const marketplaceOfferDocument = z
  .object({
    _id: objectId,
    name: z.string(),
    originalName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    position: z.number().int(),
  })
  .describe('MarketplaceOfferDocument');
export type MarketplaceOfferDocument = z.infer<typeof marketplaceOfferDocument>;

export const marketplaceOffer = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    descriptionShort: z.string().nullable(),
    type: offerType.nullable(),
    assetClass: offerAssetClass.nullable(),
    institution: marketplaceOfferInstitution,
    /** Visible images only, by position; `src` is the public URL to show. */
    images: z.array(offerImage.extend({ src: z.string() })),
    /** The banner: the first visible image with purpose banner (else primary), as a public URL. */
    bannerUrl: z.string().nullable(),
    videos: z.array(offerVideo),
    openDate: z.string().nullable(),
    closeDate: z.string().nullable(),
    listingStatus,
    fedExemptionExclusions: z.array(securitiesExemption),
    customMetrics: z.array(customMetric),
    primaryCTA: cta.nullable(),
    secondaryCTA: cta.nullable(),
    classes: z.array(offerClass),
    documents: z.array(marketplaceOfferDocument),
  })
  .describe('MarketplaceOffer');
export type MarketplaceOffer = z.infer<typeof marketplaceOffer>;

/** An offer id or slug as a route value (001 §2). */
export const offerIdOrSlug = z.string().trim().min(1).max(100);

/** The URL a call to action opens: the CTA's own link when it has one, else nothing. */
export function offerCtaUrl(offer: Pick<MarketplaceOffer, 'primaryCTA' | 'secondaryCTA'>, kind: OfferCtaKind): string | null {
  const chosen = kind === 'primary' ? offer.primaryCTA : offer.secondaryCTA;
  const url = chosen?.url.trim();
  return url ? url : null;
}

/** Whether a call to action is shown: only with a label (001 §2). */
export function offerCtaHasLabel(chosen: Cta | null): boolean {
  return Boolean(chosen?.label.trim());
}

/** An offer's page in the marketplace, by the id or slug its address carries (001 §2). */
export const marketplaceOfferPath = (idOrSlug: string) => `/marketplace/offers/${encodeURIComponent(idOrSlug)}`;

/**
 * The offer page's tabs (001 §2), by the address segment after the offer's; the bare address opens Home. `width` is
 * the width in px the app's MUI Tab draws the label at in Roboto (at least 90, 16 px padding each side): the server's
 * first screen works out where MUI's scroll buttons appear from it (apps/api web-shell/first-screen-offer.ts), and
 * e2e/specs/first-screen.spec.ts measures the app's tabs in Chromium against it, so a new label fails there until its
 * width is set here.
 */
export const MARKETPLACE_OFFER_TABS = [
  { segment: 'home', label: 'Home', width: 90 },
  { segment: 'about', label: 'About', width: 90 },
  { segment: 'documents', label: 'Documents', width: 104 },
  { segment: 'financials', label: 'Financials', width: 98 },
] as const;
export type MarketplaceOfferTab = (typeof MARKETPLACE_OFFER_TABS)[number]['segment'];

// ── Public images ─────────────────────────────────────────────────────────────────────────

/**
 * The public address of an image shown on the marketplace: served to anyone only while the image is a visible
 * item of a listed offer or of an institution of the tenant (`GET tenant/{t}/marketplace/images/{imageId}`).
 * Items with their own external `url` use that instead.
 */
export function marketplaceImagePath(tenantId: string, imageId: string): string {
  return `/api/v1/tenant/${tenantId}/marketplace/images/${imageId}`;
}

// ── Offer list (001 §2 marketplace list, §5 marketplace filter; 002 §9 card metrics) ─────

/** One offer card: the card metrics are computed over all classes (002 §9); the filters use the first class (001 §2). */
export const marketplaceOfferCard = z
  .object({
    _id: objectId,
    slug: z.string(),
    name: z.string(),
    descriptionShort: z.string().nullable(),
    type: offerType.nullable(),
    assetClass: offerAssetClass.nullable(),
    listingStatus,
    openDate: z.string().nullable(),
    closeDate: z.string().nullable(),
    institution: marketplaceOfferInstitution,
    bannerUrl: z.string().nullable(),
    /** The class chips, in class order. */
    classNames: z.array(z.string()),
    /** Min. Investment: the minimum across classes. */
    minimumInvestment: z.number().nullable(),
    /** Target IRR: the maximum across classes, as stored (12.5 means 12.5 %; shown divided by 100 as a percent). */
    targetIrr: z.number().nullable(),
    /** Avg. Equity Mult.: the average of the classes' equity multiples that are set. */
    equityMultiple: z.number().nullable(),
    /** Holding Period (m): the minimum across classes. */
    holdingPeriod: z.number().nullable(),
    primaryCTA: cta.nullable(),
    secondaryCTA: cta.nullable(),
  })
  .describe('MarketplaceOfferCard');
export type MarketplaceOfferCard = z.infer<typeof marketplaceOfferCard>;

/** The status filter offers these three (001 §2); `none` is never a filter value. */
export const marketplaceStatusFilter = z.enum(['upcoming', 'open', 'closed']);
export type MarketplaceStatusFilter = z.infer<typeof marketplaceStatusFilter>;

export const MARKETPLACE_FILTER_VALUES_MAX = 50;

/** A comma-separated query value (`?assetClass=real-estate,credit`), so a filtered view is a shareable address. */
export function csvOf<T extends z.ZodType<string, string>>(item: T, label: string) {
  return z
    .string()
    .max(4000, `${label} is too long`)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(item).max(MARKETPLACE_FILTER_VALUES_MAX, `give at most ${MARKETPLACE_FILTER_VALUES_MAX} values for ${label}`));
}

/** A bound of a range filter: 0 (the default) means no bound (001 §5). */
const bound = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max}`)
    .default(0);

export const marketplaceOfferSort = z.enum(['newest', 'name', 'targetIrr', 'minimumInvestment', 'openDate']);
export type MarketplaceOfferSort = z.infer<typeof marketplaceOfferSort>;

export const marketplaceOfferListQuery = pageQuery
  .extend({
    /** Matches the offer name, short description or institution name (more than 2 characters, as list searches). */
    search: z.string().trim().max(200).optional(),
    institution: csvOf(objectId, 'institution').optional(),
    type: csvOf(offerType, 'type').optional(),
    assetClass: csvOf(offerAssetClass, 'assetClass').optional(),
    status: csvOf(marketplaceStatusFilter, 'status').optional(),
    /** Investment amount range, against the first class's minimum investment. */
    investmentMin: bound('investmentMin', 1e13),
    investmentMax: bound('investmentMax', 1e13),
    /** IRR range in percent (12.5 means 12.5 %), against the first class's internal rate of return. */
    irrMin: bound('irrMin', 10_000),
    irrMax: bound('irrMax', 10_000),
    /** Equity multiple range, against the first class's equity multiple. */
    equityMultipleMin: bound('equityMultipleMin', 1000),
    equityMultipleMax: bound('equityMultipleMax', 1000),
    sort: marketplaceOfferSort.default('newest'),
  })
  .describe('MarketplaceOfferListQuery');
export type MarketplaceOfferListQuery = z.infer<typeof marketplaceOfferListQuery>;
export type MarketplaceOfferListParams = z.input<typeof marketplaceOfferListQuery>;

/** The handpicked deals of the showcase carousel (001 §2), chosen by tenant admins in /tenant/marketplace/settings. */
export const HANDPICKED_OFFERS_MAX = 12;
export const marketplaceSettings = z
  .object({
    handpickedOfferIds: z
      .array(objectId)
      .max(HANDPICKED_OFFERS_MAX, `Pick at most ${HANDPICKED_OFFERS_MAX} handpicked deals`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each offer can be picked once')
      .meta({ uniqueItems: true }),
  })
  .describe('MarketplaceSettings');
export type MarketplaceSettings = z.infer<typeof marketplaceSettings>;
/** What the settings page reads: the ids and, for each still listed, its card (offers no longer listed are dropped). */
export const marketplaceSettingsView = marketplaceSettings
  .extend({ handpickedOffers: z.array(marketplaceOfferCard) })
  .describe('MarketplaceSettingsView');
export type MarketplaceSettingsView = z.infer<typeof marketplaceSettingsView>;

/** Carousel timing and windowing (001 §9). */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_WINDOW = 2;

// ── Offer documents ───────────────────────────────────────────────────────────────────────

/** One document of a listed offer, to view (inline) or download (attachment) at `url`. */
export const marketplaceDocumentFile = z
  .object({
    _id: objectId,
    name: z.string(),
    originalName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    url: z.string(),
    downloadUrl: z.string(),
  })
  .describe('MarketplaceDocumentFile');
export type MarketplaceDocumentFile = z.infer<typeof marketplaceDocumentFile>;

// ── Institutions ──────────────────────────────────────────────────────────────────────────

export const marketplaceInstitutionSummary = z
  .object({
    _id: objectId,
    name: z.string(),
    slug: z.string(),
    type: institutionType,
    descriptionShort: z.string().nullable(),
    logoUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    /** Offers of this institution on the marketplace now; lists sort by it, most first (001 §2). */
    offersCount: z.number().int(),
  })
  .describe('MarketplaceInstitutionSummary');
export type MarketplaceInstitutionSummary = z.infer<typeof marketplaceInstitutionSummary>;

export const marketplaceInstitutionListQuery = pageQuery
  .extend({ search: z.string().trim().max(200).optional() })
  .describe('MarketplaceInstitutionListQuery');

export const marketplaceTeamMember = z
  .object({ _id: objectId, name: z.string(), email: z.string(), imageUrl: z.string().nullable() })
  .describe('MarketplaceTeamMember');

export const marketplaceInstitution = marketplaceInstitutionSummary
  .extend({
    description: z.string().nullable(),
    customMetrics: z.array(customMetric),
    /** Visible items only, by position. */
    images: z.array(z.object({ id: z.string(), image: objectId, src: z.string(), position: z.number().int(), purpose: z.string() })),
    videos: z.array(z.object({ id: z.string(), url: z.string(), position: z.number().int(), purpose: z.string() })),
    team: z.array(marketplaceTeamMember),
  })
  .describe('MarketplaceInstitution');
export type MarketplaceInstitution = z.infer<typeof marketplaceInstitution>;
