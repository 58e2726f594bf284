import { z } from 'zod';
import { objectId } from './ids.ts';
import { customMetric, institutionType } from './institution.ts';
import { cta, listingStatus, offerAssetClass, offerClass, offerImage, offerType, offerVideo, securitiesExemption } from './offer.ts';

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
    logoUrl: z.string().nullable(),
  })
  .describe('MarketplaceOfferInstitution');

export const marketplaceOfferDocument = z
  .object({ _id: objectId, name: z.string(), originalName: z.string(), mimeType: z.string(), size: z.number().int(), position: z.number().int() })
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
    images: z.array(offerImage),
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
