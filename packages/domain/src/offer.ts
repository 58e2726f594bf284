import { z } from 'zod';
import { pageQuery, sortDirection, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import {
  customMetric,
  customMetrics,
  entitySlug,
  MEDIA_ITEMS_MAX,
  mediaImageItem,
  mediaVideoItem,
  metricsComplete,
  RAISE_EXAMPLE_IDS,
  RICH_TEXT_MAX,
} from './institution.ts';
import { isEmptyValue } from './validation.ts';

/** Offers of a tenant (002 §3 TenantOffer, §4 lifecycle, §5 rules). */

const EXAMPLE_IDS = RAISE_EXAMPLE_IDS;

// ── Enumerations ─────────────────────────────────────────────────────────────────────────

export const offerAssetClass = z.enum([
  'multi-family',
  'single-family-homes',
  'townhomes',
  'hospitality',
  'industrial',
  'retail',
  'office-spaces',
  'mixed-use',
  'land-development',
  'special-purpose',
  'storage-facilities',
  'senior-living-facilities',
  'student-housing',
  'mobile-home-parks',
  'leisure',
  'private-equity',
  'venture-capital',
  'hedge-funds',
  'infrastructure',
  'natural-resources',
  'recreational',
]);
export type OfferAssetClass = z.infer<typeof offerAssetClass>;

export const offerType = z.enum([
  'value-add',
  'new-construction',
  'core-investment',
  'distressed-assets',
  'fix-and-flip',
  'development-project',
  'opportunistic-investment',
  'stabalized-acquisition',
  'sale-leaseback',
  'joint-venture',
  'wholesale',
  'debt-investment',
  'fund-of-funds',
]);
export type OfferType = z.infer<typeof offerType>;

/** Not enumerated by the spec; the usual instruments of private placements. */
export const offerEquityType = z.enum(['common-equity', 'preferred-equity', 'debt', 'mezzanine-debt', 'convertible-note', 'revenue-share']);
export type OfferEquityType = z.infer<typeof offerEquityType>;

/** Form D item 6: Regulation D rule 504 variants, 506(b), 506(c), section 4(a)(5), Investment Company Act 3(c) variants. */
export const securitiesExemption = z.enum([
  'rule-504-b-1',
  'rule-504-b-1-i',
  'rule-504-b-1-ii',
  'rule-504-b-1-iii',
  'rule-506-b',
  'rule-506-c',
  'section-4-a-5',
  'ica-3-c-1',
  'ica-3-c-2',
  'ica-3-c-3',
  'ica-3-c-5',
  'ica-3-c-7',
  'ica-3-c-9',
  'ica-3-c-10',
  'ica-3-c-11',
  'ica-3-c-13',
  'ica-3-c-14',
]);
export type SecuritiesExemption = z.infer<typeof securitiesExemption>;

export const approvalStatus = z.enum(['pending', 'approved', 'rejected']);
export type ApprovalStatus = z.infer<typeof approvalStatus>;
export const visibilityStatus = z.enum(['visible', 'hidden']);
export type VisibilityStatus = z.infer<typeof visibilityStatus>;
/** Derived from the dates (002 §4). */
export const listingStatus = z.enum(['open', 'closed', 'upcoming', 'none']);
export type ListingStatus = z.infer<typeof listingStatus>;

export const offerRequiredDocumentType = z.enum([
  'operating-agreement',
  'private-placement-memorandum',
  'subscription-agreement',
  'wire-instructions',
  'other',
]);
export type OfferRequiredDocumentType = z.infer<typeof offerRequiredDocumentType>;
/** The four documents an offer needs before it can be published (002 §5). */
export const REQUIRED_OFFER_DOCUMENTS = [
  'operating-agreement',
  'private-placement-memorandum',
  'subscription-agreement',
  'wire-instructions',
] as const;

export const offerImagePurpose = z.enum(['primary', 'banner', 'gallery', 'other']);
export type OfferImagePurpose = z.infer<typeof offerImagePurpose>;
export const offerVideoPurpose = z.enum(['intro', 'about', 'other']);
export type OfferVideoPurpose = z.infer<typeof offerVideoPurpose>;

// ── Derived rules ────────────────────────────────────────────────────────────────────────

export function deriveListingStatus(
  openDate: string | Date | null | undefined,
  closeDate: string | Date | null | undefined,
  now: Date = new Date(),
): ListingStatus {
  const open = openDate ? new Date(openDate) : null;
  const close = closeDate ? new Date(closeDate) : null;
  if (open && !Number.isNaN(open.getTime())) {
    if (open > now) return 'upcoming';
    if (!close || Number.isNaN(close.getTime()) || close > now) return 'open';
    return 'closed';
  }
  if (close && !Number.isNaN(close.getTime()) && close <= now) return 'closed';
  return 'none';
}

// ── Pieces ───────────────────────────────────────────────────────────────────────────────

export const SHORT_DESCRIPTION_GUIDE = 360;
const money = z.number().min(0, 'Must be 0 or more').max(1e13).nullable().default(null);
const percent = z.number().min(-100).max(10_000).nullable().default(null);
const months = z.number().int('Whole months').min(0).max(1200).nullable().default(null);

export const offerClass = z
  .object({
    id: z.string().trim().min(1).max(64),
    name: z.string({ error: 'Class name is required' }).trim().min(1, 'Class name is required').max(120),
    description: z.string().trim().max(2000).nullable().default(null),
    /** Percent values are stored ×100 of the fraction as entered (12.5 means 12.5 %), shown divided by 100 on cards (002 §9). */
    internalRateOfReturn: percent,
    annualizedReturn: percent,
    cashOnCash: percent,
    equityMultiple: z.number().min(0).max(1000).nullable().default(null),
    holdingPeriod: months,
    preferredReturn: percent,
    minimumInvestment: z.number({ error: 'Minimum investment is required' }).min(0, 'Must be 0 or more').max(1e13),
    maximumInvestment: money,
    distributionFrequency: months,
    distributionShare: percent,
    pricePerUnit: money,
    upsideSplit: percent,
    customMetrics: customMetrics.default([]),
  })
  .meta({
    id: 'OfferClass',
    description:
      'One class of an offer: its terms, each nullable but the name and minimum investment. Percent values are as entered (12.5 means 12.5 %); periods are in months.',
    examples: [
      {
        id: 'class-a',
        name: 'Class A',
        description: 'Preferred equity with quarterly distributions',
        internalRateOfReturn: 14.5,
        annualizedReturn: 9,
        cashOnCash: 7.5,
        equityMultiple: 1.9,
        holdingPeriod: 60,
        preferredReturn: 8,
        minimumInvestment: 50000,
        maximumInvestment: 1000000,
        distributionFrequency: 3,
        distributionShare: 70,
        pricePerUnit: 1000,
        upsideSplit: 30,
        customMetrics: [],
      },
    ],
  });
export type OfferClass = z.infer<typeof offerClass>;
/** A class with its id, name and minimum investment, and every other term empty, as the schema's defaults leave them. */
export const blankOfferClass = (values: Pick<OfferClass, 'id' | 'name' | 'minimumInvestment'> & Partial<OfferClass>): OfferClass => ({
  description: null,
  internalRateOfReturn: null,
  annualizedReturn: null,
  cashOnCash: null,
  equityMultiple: null,
  holdingPeriod: null,
  preferredReturn: null,
  maximumInvestment: null,
  distributionFrequency: null,
  distributionShare: null,
  pricePerUnit: null,
  upsideSplit: null,
  customMetrics: [],
  ...values,
});
export const OFFER_CLASSES_MAX = 20;

export const cta = z
  .object({
    label: z.string().trim().max(60, 'Label must be at most 60 characters'),
    url: z
      .string()
      .trim()
      .max(2000)
      .regex(/^\s*(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/\S+)?\s*$/, 'Enter a valid URL (http or https)')
      .describe('An http(s) address, or empty for none'),
  })
  .meta({
    id: 'OfferCta',
    description: 'A call to action: the button label and the http(s) address it opens (empty for none).',
    examples: [{ label: 'Invest now', url: 'https://acme-capital.example/invest/harbor-point' }],
  });
export type Cta = z.infer<typeof cta>;

export const offerImage = mediaImageItem(offerImagePurpose.default('gallery')).meta({
  id: 'OfferImage',
  description: 'An image of an offer: `image` is the id POST image answered; `url` is filled in by the server.',
  examples: [
    { id: 'hero', image: EXAMPLE_IDS.image, url: `/api/v1/image/${EXAMPLE_IDS.image}`, position: 0, hidden: false, purpose: 'primary' },
  ],
});
export type OfferImage = z.infer<typeof offerImage>;
export const offerVideo = mediaVideoItem(offerVideoPurpose.default('about')).meta({
  id: 'OfferVideo',
  description: 'A video of an offer, by its http(s) address.',
  examples: [{ id: 'tour', url: 'https://video.example/harbor-point-tour', position: 0, hidden: false, purpose: 'about' }],
});
export type OfferVideo = z.infer<typeof offerVideo>;

/** An offer's document: a document of the documents module, its required type, order and visibility. */
export const offerDocumentItem = z
  .object({
    document: objectId,
    type: offerRequiredDocumentType.default('other'),
    position: z.number().int().min(0),
    hidden: z.boolean().default(false),
  })
  .meta({
    id: 'OfferDocumentItem',
    description: "A document listed on an offer: the document's id (POST document), its required type, order and visibility.",
    examples: [{ document: EXAMPLE_IDS.document, type: 'private-placement-memorandum', position: 0, hidden: false }],
  });
export type OfferDocumentItem = z.infer<typeof offerDocumentItem>;
/** As listed: with the document's name and file facts. */
export const offerDocument = offerDocumentItem
  .extend({ name: z.string(), originalName: z.string(), mimeType: z.string(), size: z.number().int(), createdAt: timestamp })
  .meta({
    id: 'OfferDocument',
    description: "A document listed on an offer, with the document's name and file facts.",
    examples: [
      {
        document: EXAMPLE_IDS.document,
        type: 'private-placement-memorandum',
        position: 0,
        hidden: false,
        name: 'Private Placement Memorandum',
        originalName: 'harbor-point-ppm.pdf',
        mimeType: 'application/pdf',
        size: 482133,
        createdAt: '2026-11-18T14:20:00.000Z',
      },
    ],
  });
export type OfferDocument = z.infer<typeof offerDocument>;

/** The hero image: the first non-hidden image of a purpose (002 §3). */
export function heroImage<T extends { hidden: boolean; purpose: string; position: number }>(
  images: readonly T[],
  purpose = 'primary',
): T | undefined {
  return [...images].sort((a, b) => a.position - b.position).find((i) => !i.hidden && i.purpose === purpose);
}

// ── The offer ────────────────────────────────────────────────────────────────────────────

const actor = z.object({ _id: objectId, name: z.string() }).nullable().describe('Who did it, or null');
/** A class as the examples of the Raise and marketplace answers show it. */
export const EXAMPLE_OFFER_CLASS = {
  id: 'class-a',
  name: 'Class A',
  description: null,
  internalRateOfReturn: 14.5,
  annualizedReturn: null,
  cashOnCash: null,
  equityMultiple: 1.9,
  holdingPeriod: 60,
  preferredReturn: 8,
  minimumInvestment: 50000,
  maximumInvestment: null,
  distributionFrequency: 3,
  distributionShare: null,
  pricePerUnit: null,
  upsideSplit: null,
  customMetrics: [],
};
const exampleActor = { _id: EXAMPLE_IDS.user, name: 'Olivia Owner' };
const exampleInstitution = { _id: EXAMPLE_IDS.institution, name: 'Summit Ridge Capital', logoUrl: `/api/v1/image/${EXAMPLE_IDS.logo}` };
const exampleOffer = {
  _id: EXAMPLE_IDS.offer,
  name: 'Harbor Point Apartments',
  slug: 'harbor-point-apartments',
  type: 'value-add',
  assetClass: 'multi-family',
  equityType: 'preferred-equity',
  description: '<p>A 212-unit garden-style community in Tampa, FL, with a renovation plan for every unit.</p>',
  descriptionShort: 'A 212-unit value-add multifamily community in Tampa, FL.',
  fedExemptionExclusions: ['rule-506-c'],
  openDate: '2026-12-01T00:00:00.000Z',
  closeDate: '2027-03-31T00:00:00.000Z',
  listingStatus: 'upcoming',
  primaryCTA: { label: 'Invest now', url: 'https://acme-capital.example/invest/harbor-point' },
  secondaryCTA: null,
  published: true,
  publishedAt: '2026-11-20T15:00:00.000Z',
  publishedBy: exampleActor,
  approvalStatus: 'approved',
  approvalDate: '2026-11-19T10:00:00.000Z',
  approvalBy: exampleActor,
  marketplaceConfig: {
    visibilityStatus: 'visible',
    visibilityStatusUpdatedAt: '2026-11-20T15:05:00.000Z',
    visibilityStatusUpdatedBy: exampleActor,
  },
  classes: [EXAMPLE_OFFER_CLASS],
  customMetrics: [{ id: 'units', key: 'Units', value: '212', position: 0, hidden: false }],
  capitalRaiseMin: 5000000,
  capitalRaiseMax: 15000000,
  capitalRaiseTotal: 12000000,
  config: { esignTemplateId: null },
  institution: exampleInstitution,
  documents: [{ document: EXAMPLE_IDS.document, type: 'private-placement-memorandum', position: 0, hidden: false }],
  images: [
    { id: 'hero', image: EXAMPLE_IDS.image, url: `/api/v1/image/${EXAMPLE_IDS.image}`, position: 0, hidden: false, purpose: 'primary' },
  ],
  videos: [],
  createdAt: '2026-11-12T09:00:00.000Z',
  updatedAt: '2026-11-20T15:05:00.000Z',
};

export const offer = z
  .object({
    _id: objectId,
    name: z.string(),
    slug: z.string(),
    type: offerType.nullable(),
    assetClass: offerAssetClass.nullable(),
    equityType: offerEquityType.nullable(),
    description: z.string().nullable(),
    descriptionShort: z.string().nullable(),
    fedExemptionExclusions: z.array(securitiesExemption),
    openDate: timestamp.nullable(),
    closeDate: timestamp.nullable(),
    listingStatus,
    primaryCTA: cta.nullable(),
    secondaryCTA: cta.nullable(),
    published: z.boolean(),
    publishedAt: timestamp.nullable(),
    publishedBy: actor,
    approvalStatus,
    approvalDate: timestamp.nullable(),
    approvalBy: actor,
    marketplaceConfig: z.object({ visibilityStatus, visibilityStatusUpdatedAt: timestamp.nullable(), visibilityStatusUpdatedBy: actor }),
    classes: z.array(offerClass),
    customMetrics: z.array(customMetric),
    capitalRaiseMin: z.number().nullable(),
    capitalRaiseMax: z.number().nullable(),
    capitalRaiseTotal: z.number().nullable(),
    config: z.object({ esignTemplateId: z.string().nullable() }),
    institution: z.object({ _id: objectId, name: z.string(), logoUrl: z.string().nullable() }),
    documents: z.array(offerDocumentItem),
    images: z.array(offerImage),
    videos: z.array(offerVideo),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Offer',
    description:
      'An offer of the tenant as the Raise side edits it: details, financials, calls to action, media, documents, dates with the derived listing status, and who approved, published and changed its marketplace visibility.',
    examples: [exampleOffer],
  });
export type Offer = z.infer<typeof offer>;

/** A list row: enough for the offers table and the dashboard cards. */
export const offerSummary = offer
  .pick({
    _id: true,
    name: true,
    slug: true,
    type: true,
    assetClass: true,
    descriptionShort: true,
    openDate: true,
    closeDate: true,
    listingStatus: true,
    published: true,
    approvalStatus: true,
    institution: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    visibilityStatus,
    heroImageUrl: z.string().nullable(),
    minimumInvestment: z.number().nullable(),
    targetIrr: z.number().nullable(),
  })
  .meta({
    id: 'OfferSummary',
    description:
      "A row of the offers table: the offer's key facts, its institution, the hero image and the card metrics (lowest minimum investment, highest target IRR across the classes).",
    examples: [
      {
        _id: EXAMPLE_IDS.offer,
        name: exampleOffer.name,
        slug: exampleOffer.slug,
        type: 'value-add',
        assetClass: 'multi-family',
        descriptionShort: exampleOffer.descriptionShort,
        openDate: exampleOffer.openDate,
        closeDate: exampleOffer.closeDate,
        listingStatus: 'upcoming',
        published: true,
        approvalStatus: 'approved',
        institution: exampleInstitution,
        createdAt: exampleOffer.createdAt,
        updatedAt: exampleOffer.updatedAt,
        visibilityStatus: 'visible',
        heroImageUrl: `/api/v1/image/${EXAMPLE_IDS.image}`,
        minimumInvestment: 50000,
        targetIrr: 14.5,
      },
    ],
  });
export type OfferSummary = z.infer<typeof offerSummary>;

export const offerSort = z.enum(['createdAt', 'updatedAt', 'name', 'openDate', 'closeDate']);
export const offerListQuery = pageQuery.extend({
  search: z.string().trim().max(200).optional().describe('Text searched in the name and slug, ignoring case'),
  type: offerType.optional().describe('Only offers of this type'),
  /** The derived listing status. */
  status: listingStatus.optional().describe('Only offers with this listing status, derived from the open and close dates'),
  approvalStatus: approvalStatus.optional().describe('Only offers with this approval status'),
  institution: objectId.optional().describe("Only this institution's offers (its id)"),
  sort: offerSort.default('createdAt').describe('The field to sort by'),
  direction: sortDirection.default('desc').describe('The sort direction'),
});
export type OfferListQuery = z.input<typeof offerListQuery>;

// ── Bodies ───────────────────────────────────────────────────────────────────────────────

export const offerCreateBody = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
    slug: entitySlug,
    institution: objectId.describe("The issuing institution's id: one you work on"),
  })
  .meta({
    id: 'OfferCreate',
    description: 'A new offer: its name, a slug unique in the tenant and the institution issuing it.',
    examples: [{ name: 'Harbor Point Apartments', slug: 'harbor-point-apartments', institution: EXAMPLE_IDS.institution }],
  });
export type OfferCreateBody = z.input<typeof offerCreateBody>;

export const offerDetailsBody = z
  .object({
    name: offerCreateBody.shape.name,
    slug: entitySlug,
    type: offerType.nullable(),
    assetClass: offerAssetClass,
    equityType: offerEquityType.nullable(),
    /** Rich text; the server sanitises it. */
    description: z.string().max(RICH_TEXT_MAX, 'Description is too long').nullable(),
    /** Guided to 360 characters in the form; 2000 is the hard ceiling. */
    descriptionShort: z.string().trim().max(2000, 'Short description is too long').nullable(),
    fedExemptionExclusions: z.array(securitiesExemption).max(20).default([]),
  })
  .meta({
    id: 'OfferDetailsUpdate',
    description: "An offer's details: name, slug, type, asset class, equity type, descriptions and securities exemptions.",
    examples: [
      {
        name: exampleOffer.name,
        slug: exampleOffer.slug,
        type: 'value-add',
        assetClass: 'multi-family',
        equityType: 'preferred-equity',
        description: exampleOffer.description,
        descriptionShort: exampleOffer.descriptionShort,
        fedExemptionExclusions: ['rule-506-c'],
      },
    ],
  });
export type OfferDetailsBody = z.input<typeof offerDetailsBody>;

export const offerFinancialsBody = z
  .object({
    classes: z.array(offerClass).max(OFFER_CLASSES_MAX, `At most ${OFFER_CLASSES_MAX} classes`),
    customMetrics,
    capitalRaiseMin: money,
    capitalRaiseMax: money,
    capitalRaiseTotal: money,
  })
  .meta({
    id: 'OfferFinancialsUpdate',
    description: "An offer's financials: its classes, custom metrics and the capital raise minimum, maximum and total.",
    examples: [
      {
        classes: exampleOffer.classes,
        customMetrics: exampleOffer.customMetrics,
        capitalRaiseMin: 5000000,
        capitalRaiseMax: 15000000,
        capitalRaiseTotal: 12000000,
      },
    ],
  });
export type OfferFinancialsBody = z.input<typeof offerFinancialsBody>;

export const offerCtaBody = z.object({ primaryCTA: cta.nullable(), secondaryCTA: cta.nullable() }).meta({
  id: 'OfferCtaUpdate',
  description: "An offer's primary and secondary calls to action, each null for none.",
  examples: [{ primaryCTA: exampleOffer.primaryCTA, secondaryCTA: null }],
});
export const offerImagesBody = z.object({ images: z.array(offerImage).max(MEDIA_ITEMS_MAX) }).meta({
  id: 'OfferImagesUpdate',
  description: "An offer's whole image list, in order.",
  examples: [{ images: [{ id: 'hero', image: EXAMPLE_IDS.image, position: 0, hidden: false, purpose: 'primary' }] }],
});
export const offerVideosBody = z.object({ videos: z.array(offerVideo).max(MEDIA_ITEMS_MAX) }).meta({
  id: 'OfferVideosUpdate',
  description: "An offer's whole video list, in order.",
  examples: [{ videos: [{ id: 'tour', url: 'https://video.example/harbor-point-tour', position: 0, hidden: false, purpose: 'about' }] }],
});
export const offerDocumentsBody = z.object({ documents: z.array(offerDocumentItem).max(100) }).meta({
  id: 'OfferDocumentsUpdate',
  description:
    "An offer's whole document list: each a document of this tenant uploaded for offers, with its type, position and visibility.",
  examples: [{ documents: exampleOffer.documents }],
});
export const offerStatusBody = z
  .object({
    openDate: z.iso.datetime({ offset: true, error: 'Enter a valid open date' }).nullable(),
    closeDate: z.iso
      .datetime({ offset: true, error: 'Enter a valid close date' })
      .nullable()
      .describe('Null for none. With an open date as well: The close date must be after the open date.'),
  })
  .refine((b) => !b.openDate || !b.closeDate || new Date(b.openDate) < new Date(b.closeDate), {
    message: 'The close date must be after the open date',
    path: ['closeDate'],
  })
  .meta({
    id: 'OfferDatesUpdate',
    description: "An offer's open and close dates (ISO date-times, each nullable; the close date after the open date).",
    examples: [{ openDate: exampleOffer.openDate, closeDate: exampleOffer.closeDate }],
  });
export const offerPublishingBody = z
  .object({ published: z.boolean() })
  .meta({ id: 'OfferPublishingUpdate', description: 'Publish (true) or unpublish (false) the offer.', examples: [{ published: true }] });
export const offerApprovalBody = z
  .object({ approvalStatus })
  .meta({ id: 'OfferApprovalUpdate', description: "The offer's new approval status.", examples: [{ approvalStatus: 'approved' }] });
export const offerConfigBody = z.object({ esignTemplateId: z.string().trim().max(200).nullable() }).meta({
  id: 'OfferConfigUpdate',
  description: "The offer's e-signature template id, or null for none.",
  examples: [{ esignTemplateId: 'tmpl_subscription_2026' }],
});
export const offerMarketplaceConfigBody = z.object({ visibilityStatus }).meta({
  id: 'OfferMarketplaceConfigUpdate',
  description: 'Show (visible) or hide the offer on the marketplace.',
  examples: [{ visibilityStatus: 'visible' }],
});

// ── Completeness (002 §5) ────────────────────────────────────────────────────────────────

export function detailsComplete(o: Pick<Offer, 'name' | 'descriptionShort' | 'assetClass' | 'type' | 'equityType'>): boolean {
  return [o.name, o.descriptionShort, o.assetClass, o.type, o.equityType].every((v) => !isEmptyValue(v));
}
export function classesComplete(classes: readonly Pick<OfferClass, 'name' | 'minimumInvestment'>[]): boolean {
  return classes.length > 0 && classes.every((c) => !isEmptyValue(c.name) && typeof c.minimumInvestment === 'number');
}
export { metricsComplete };
export function capitalRaiseComplete(o: Pick<Offer, 'capitalRaiseMin' | 'capitalRaiseMax' | 'capitalRaiseTotal'>): boolean {
  return [o.capitalRaiseMin, o.capitalRaiseMax, o.capitalRaiseTotal].every((v) => typeof v === 'number' && v !== 0);
}
/** The required documents an offer still lacks before publishing: a hidden document is not shown to investors, so it does not count. */
export function missingRequiredDocuments(documents: readonly Pick<OfferDocumentItem, 'type' | 'hidden'>[]): OfferRequiredDocumentType[] {
  return REQUIRED_OFFER_DOCUMENTS.filter((t) => !documents.some((d) => d.type === t && !d.hidden));
}

/** Offer card metrics (002 §9): min investment the minimum across classes, target IRR the maximum, holding period the minimum. */
export function offerCardMetrics(classes: readonly Pick<OfferClass, 'minimumInvestment' | 'internalRateOfReturn' | 'holdingPeriod'>[]) {
  const nums = (xs: (number | null | undefined)[]) => xs.filter((x): x is number => typeof x === 'number');
  const mins = nums(classes.map((c) => c.minimumInvestment));
  const irrs = nums(classes.map((c) => c.internalRateOfReturn));
  const holds = nums(classes.map((c) => c.holdingPeriod));
  return {
    minimumInvestment: mins.length ? Math.min(...mins) : null,
    targetIrr: irrs.length ? Math.max(...irrs) : null,
    holdingPeriod: holds.length ? Math.min(...holds) : null,
  };
}

// ── Labels ───────────────────────────────────────────────────────────────────────────────

const titleCase = (v: string) =>
  v
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
export const offerAssetClassLabels = Object.fromEntries(offerAssetClass.options.map((v) => [v, titleCase(v)])) as Record<
  OfferAssetClass,
  string
>;
export const offerTypeLabels = Object.fromEntries(offerType.options.map((v) => [v, titleCase(v)])) as Record<OfferType, string>;
offerTypeLabels['stabalized-acquisition'] = 'Stabilized Acquisition';
export const offerEquityTypeLabels = Object.fromEntries(offerEquityType.options.map((v) => [v, titleCase(v)])) as Record<
  OfferEquityType,
  string
>;
export const securitiesExemptionLabels: Record<SecuritiesExemption, string> = {
  'rule-504-b-1': 'Rule 504(b)(1) (not (i), (ii) or (iii))',
  'rule-504-b-1-i': 'Rule 504(b)(1)(i)',
  'rule-504-b-1-ii': 'Rule 504(b)(1)(ii)',
  'rule-504-b-1-iii': 'Rule 504(b)(1)(iii)',
  'rule-506-b': 'Rule 506(b)',
  'rule-506-c': 'Rule 506(c)',
  'section-4-a-5': 'Securities Act Section 4(a)(5)',
  'ica-3-c-1': 'Investment Company Act Section 3(c)(1)',
  'ica-3-c-2': 'Investment Company Act Section 3(c)(2)',
  'ica-3-c-3': 'Investment Company Act Section 3(c)(3)',
  'ica-3-c-5': 'Investment Company Act Section 3(c)(5)',
  'ica-3-c-7': 'Investment Company Act Section 3(c)(7)',
  'ica-3-c-9': 'Investment Company Act Section 3(c)(9)',
  'ica-3-c-10': 'Investment Company Act Section 3(c)(10)',
  'ica-3-c-11': 'Investment Company Act Section 3(c)(11)',
  'ica-3-c-13': 'Investment Company Act Section 3(c)(13)',
  'ica-3-c-14': 'Investment Company Act Section 3(c)(14)',
};
export const approvalStatusLabels: Record<ApprovalStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
export const visibilityStatusLabels: Record<VisibilityStatus, string> = { visible: 'Visible', hidden: 'Hidden' };
export const listingStatusLabels: Record<ListingStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  upcoming: 'Upcoming',
  none: 'No dates',
};
export const offerRequiredDocumentTypeLabels: Record<OfferRequiredDocumentType, string> = {
  'operating-agreement': 'Operating Agreement',
  'private-placement-memorandum': 'Private Placement Memorandum',
  'subscription-agreement': 'Subscription Agreement',
  'wire-instructions': 'Wire Instructions',
  other: 'Other',
};
export const offerImagePurposeLabels: Record<OfferImagePurpose, string> = {
  primary: 'Primary',
  banner: 'Banner',
  gallery: 'Gallery',
  other: 'Other',
};
export const offerVideoPurposeLabels: Record<OfferVideoPurpose, string> = { intro: 'Intro', about: 'About', other: 'Other' };

// ── Further calls of the offers API ──────────────────────────────────────────────────────

/** GET tenant/{t}/offers/slug-available: whether `slug` is free, ignoring the offer `except` (the one being edited). */
export const offerSlugAvailabilityQuery = z.object({
  slug: entitySlug.describe('The slug to check'),
  except: objectId.optional().describe('The offer being edited, whose own slug does not count'),
});
export type OfferSlugAvailabilityQuery = z.input<typeof offerSlugAvailabilityQuery>;

/** GET tenant/{t}/institutions/{id}/offers: the offer list of one institution. */
export const institutionOfferListQuery = offerListQuery.omit({ institution: true });
export type InstitutionOfferListQuery = z.input<typeof institutionOfferListQuery>;

/** GET …/offers/{id}/dashboard: the offer page's analytics events since the offer was created. */
