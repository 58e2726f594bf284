import { z } from 'zod';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { customMetric, institutionType, RAISE_EXAMPLE_IDS } from './institution.ts';
import {
  EXAMPLE_OFFER_CLASS,
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

const ids = RAISE_EXAMPLE_IDS;
/** The public address of an example image (marketplaceImagePath of the examples' tenant). */
const exampleImage = (id: string) => `/api/v1/tenant/6745a1c2e4b0a1b2c3d4e5f1/marketplace/images/${id}`;
const exampleOfferInstitution = {
  _id: ids.institution,
  name: 'Summit Ridge Capital',
  slug: 'summit-ridge-capital',
  type: 'fund',
  descriptionShort: 'Value-add multifamily in the Southeast since 2009.',
  logoUrl: exampleImage(ids.logo),
};
const exampleCta = { label: 'Invest now', url: 'https://acme-capital.example/invest/harbor-point' };

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
  .meta({
    id: 'MarketplaceOfferInstitution',
    description: 'The institution issuing a listed offer, as investors see it (the logo at its public address).',
    examples: [exampleOfferInstitution],
  });

export const marketplaceOfferDocument = z
  .object({
    _id: objectId,
    name: z.string(),
    originalName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    position: z.number().int(),
  })
  .meta({
    id: 'MarketplaceOfferDocument',
    description: 'A visible document of a listed offer: its name and file facts, in order.',
    examples: [
      {
        _id: ids.document,
        name: 'Private Placement Memorandum',
        originalName: 'harbor-point-ppm.pdf',
        mimeType: 'application/pdf',
        size: 482133,
        position: 0,
      },
    ],
  });
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
    openDate: timestamp.nullable(),
    closeDate: timestamp.nullable(),
    listingStatus,
    fedExemptionExclusions: z.array(securitiesExemption),
    customMetrics: z.array(customMetric),
    primaryCTA: cta.nullable(),
    secondaryCTA: cta.nullable(),
    classes: z.array(offerClass),
    documents: z.array(marketplaceOfferDocument),
  })
  .meta({
    id: 'MarketplaceOffer',
    description:
      'A listed offer as investors see it: only visible images, videos, metrics and documents; images at their public addresses.',
    examples: [
      {
        _id: ids.offer,
        slug: 'harbor-point-apartments',
        name: 'Harbor Point Apartments',
        description: '<p>A 212-unit garden-style community in Tampa, FL, with a renovation plan for every unit.</p>',
        descriptionShort: 'A 212-unit value-add multifamily community in Tampa, FL.',
        type: 'value-add',
        assetClass: 'multi-family',
        institution: exampleOfferInstitution,
        images: [{ id: 'hero', image: ids.image, src: exampleImage(ids.image), position: 0, hidden: false, purpose: 'primary' }],
        bannerUrl: exampleImage(ids.image),
        videos: [{ id: 'tour', url: 'https://video.example/harbor-point-tour', position: 0, hidden: false, purpose: 'about' }],
        openDate: '2026-12-01T00:00:00.000Z',
        closeDate: '2027-03-31T00:00:00.000Z',
        listingStatus: 'upcoming',
        fedExemptionExclusions: ['rule-506-c'],
        customMetrics: [{ id: 'units', key: 'Units', value: '212', position: 0, hidden: false }],
        primaryCTA: exampleCta,
        secondaryCTA: null,
        classes: [EXAMPLE_OFFER_CLASS],
        documents: [
          {
            _id: ids.document,
            name: 'Private Placement Memorandum',
            originalName: 'harbor-point-ppm.pdf',
            mimeType: 'application/pdf',
            size: 482133,
            position: 0,
          },
        ],
      },
    ],
  });
export type MarketplaceOffer = z.infer<typeof marketplaceOffer>;

/** An offer id or slug as a route value (001 §2). */
export const offerIdOrSlug = z.string().trim().min(1).max(100).describe('An id (24 hexadecimal characters) or a slug');

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

/**
 * How wide the marketplace draws the images the server's first paint draws too (`<img sizes>`), so that both pick the
 * same copy from imageSrcSet and the page downloads it once: a showcase slide's banner, and an offer's or an
 * institution's page banner (full width of a `lg` container with 24 px gutters from `sm`).
 */
export const MARKETPLACE_IMAGE_SIZES = {
  showcaseBanner: '(min-width: 1200px) 480px, (min-width: 600px) 45vw, 100vw',
  pageBanner: '(min-width: 1200px) 1152px, (min-width: 600px) calc(100vw - 48px), 100vw',
} as const;

/**
 * The copy of an institution's logo its square asks for (`imageCopyUrl`), in the app and in the server's first screen
 * alike: 320 px covers the largest square (64 px) at five device pixels per CSS pixel.
 */
export const MARKETPLACE_LOGO_COPY_WIDTH = 320;

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
    openDate: timestamp.nullable(),
    closeDate: timestamp.nullable(),
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
  .meta({
    id: 'OfferCard',
    description:
      'A listed offer as a marketplace card: key facts, its institution, the banner and the card metrics over all classes (lowest minimum investment, highest target IRR, average equity multiple, shortest holding period).',
    examples: [
      {
        _id: ids.offer,
        slug: 'harbor-point-apartments',
        name: 'Harbor Point Apartments',
        descriptionShort: 'A 212-unit value-add multifamily community in Tampa, FL.',
        type: 'value-add',
        assetClass: 'multi-family',
        listingStatus: 'upcoming',
        openDate: '2026-12-01T00:00:00.000Z',
        closeDate: '2027-03-31T00:00:00.000Z',
        institution: exampleOfferInstitution,
        bannerUrl: exampleImage(ids.image),
        classNames: ['Class A'],
        minimumInvestment: 50000,
        targetIrr: 14.5,
        equityMultiple: 1.9,
        holdingPeriod: 60,
        primaryCTA: exampleCta,
        secondaryCTA: null,
      },
    ],
  });
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

const csvText = (what: string, values: readonly string[] | null) =>
  values ? `Comma-separated ${what}, any of: ${values.join(', ')}` : `Comma-separated ${what}`;

export const marketplaceOfferListQuery = pageQuery.extend({
  /** Matches the offer name, short description or institution name (more than 2 characters, as list searches). */
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("Text searched in the offer's name and short description and the institution's name, ignoring case (more than 2 characters)"),
  institution: csvOf(objectId, 'institution').optional().describe(csvText('institution ids', null)),
  type: csvOf(offerType, 'type').optional().describe(csvText('offer types', offerType.options)),
  assetClass: csvOf(offerAssetClass, 'assetClass').optional().describe(csvText('asset classes', offerAssetClass.options)),
  status: csvOf(marketplaceStatusFilter, 'status').optional().describe(csvText('listing statuses', marketplaceStatusFilter.options)),
  /** Investment amount range, against the first class's minimum investment. */
  investmentMin: bound('investmentMin', 1e13).describe('The least minimum investment of the first class; 0 for no bound'),
  investmentMax: bound('investmentMax', 1e13).describe('The greatest minimum investment of the first class; 0 for no bound'),
  /** IRR range in percent (12.5 means 12.5 %), against the first class's internal rate of return. */
  irrMin: bound('irrMin', 10_000).describe('The least IRR of the first class, in percent; 0 for no bound'),
  irrMax: bound('irrMax', 10_000).describe('The greatest IRR of the first class, in percent; 0 for no bound'),
  /** Equity multiple range, against the first class's equity multiple. */
  equityMultipleMin: bound('equityMultipleMin', 1000).describe('The least equity multiple of the first class; 0 for no bound'),
  equityMultipleMax: bound('equityMultipleMax', 1000).describe('The greatest equity multiple of the first class; 0 for no bound'),
  sort: marketplaceOfferSort
    .default('newest')
    .describe('newest, name, targetIrr (highest first), minimumInvestment (lowest first) or openDate (soonest first)'),
});
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
  .meta({
    id: 'MarketplaceSettings',
    description: `The handpicked deals of the showcase, in order: at most ${HANDPICKED_OFFERS_MAX} listed offers of the tenant, each once.`,
    examples: [{ handpickedOfferIds: [ids.offer] }],
  });
export type MarketplaceSettings = z.infer<typeof marketplaceSettings>;
/** What the settings page reads: the ids and, for each still listed, its card (offers no longer listed are dropped). */
export const marketplaceSettingsView = marketplaceSettings.extend({ handpickedOffers: z.array(marketplaceOfferCard) }).meta({
  id: 'MarketplaceSettingsView',
  description: 'The handpicked offer ids, and the card of each one still listed.',
  examples: [{ handpickedOfferIds: [ids.offer], handpickedOffers: [] }],
});
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
  .meta({
    id: 'MarketplaceDocumentFile',
    description: 'A visible document of a listed offer, with the address to view it (`url`) and to download it (`downloadUrl`).',
    examples: [
      {
        _id: ids.document,
        name: 'Private Placement Memorandum',
        originalName: 'harbor-point-ppm.pdf',
        mimeType: 'application/pdf',
        size: 482133,
        url: `/api/v1/tenant/6745a1c2e4b0a1b2c3d4e5f1/marketplace/offers/${ids.offer}/documents/${ids.document}/file`,
        downloadUrl: `/api/v1/tenant/6745a1c2e4b0a1b2c3d4e5f1/marketplace/offers/${ids.offer}/documents/${ids.document}/file?download=true`,
      },
    ],
  });
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
  .meta({
    id: 'MarketplaceInstitutionSummary',
    description: 'An institution of the marketplace as a list row, with its listed offers counted.',
    examples: [{ ...exampleOfferInstitution, bannerUrl: exampleImage(ids.banner), offersCount: 2 }],
  });
export type MarketplaceInstitutionSummary = z.infer<typeof marketplaceInstitutionSummary>;

export const marketplaceInstitutionListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional().describe("Text searched in the institution's name, ignoring case (more than 2 characters)"),
});

export const marketplaceTeamMember = z
  .object({ _id: objectId, name: z.string(), email: z.string(), imageUrl: z.string().nullable() })
  .meta({
    id: 'MarketplaceTeamMember',
    description: "A person on an institution's team as investors see them (`imageUrl` is null: member photos are for signed-in members).",
    examples: [{ _id: ids.user, name: 'Grace Hopper', email: 'grace@summit-ridge.example', imageUrl: null }],
  });

export const marketplaceInstitution = marketplaceInstitutionSummary
  .extend({
    description: z.string().nullable(),
    customMetrics: z.array(customMetric),
    /** Visible items only, by position. */
    images: z.array(z.object({ id: z.string(), image: objectId, src: z.string(), position: z.number().int(), purpose: z.string() })),
    videos: z.array(z.object({ id: z.string(), url: z.string(), position: z.number().int(), purpose: z.string() })),
    team: z.array(marketplaceTeamMember),
  })
  .meta({
    id: 'MarketplaceInstitution',
    description: 'An institution as investors see it: only visible images, videos and metrics, its listed offers counted, and its team.',
    examples: [
      {
        ...exampleOfferInstitution,
        bannerUrl: exampleImage(ids.banner),
        offersCount: 2,
        description: '<p>Value-add multifamily in the Southeast since 2009.</p>',
        customMetrics: [{ id: 'aum', key: 'Assets under management', value: '$1.2B', position: 0, hidden: false }],
        images: [{ id: 'logo', image: ids.logo, src: exampleImage(ids.logo), position: 0, purpose: 'logo' }],
        videos: [{ id: 'intro', url: 'https://video.example/summit-ridge-intro', position: 0, purpose: 'intro' }],
        team: [{ _id: ids.user, name: 'Grace Hopper', email: 'grace@summit-ridge.example', imageUrl: null }],
      },
    ],
  });
export type MarketplaceInstitution = z.infer<typeof marketplaceInstitution>;
