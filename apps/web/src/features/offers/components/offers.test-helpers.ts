import type { Institution, Offer, OfferSummary } from '@tessera/domain';
import { TENANT_ID } from '../../../test/fixtures.ts';

export const OFFER_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
export const INSTITUTION_ID = 'c5c5c5c5c5c5c5c5c5c5c5c5';
export const OFFERS_PATH = `/api/v1/tenant/${TENANT_ID}/offers`;
export const IMAGE_A = 'a7a7a7a7a7a7a7a7a7a7a7a7';
export const IMAGE_B = 'b8b8b8b8b8b8b8b8b8b8b8b8';

/** An offer as the API returns it, for component tests. */
export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    _id: OFFER_ID,
    name: 'Harbor Lofts',
    slug: 'harbor-lofts',
    type: null,
    assetClass: null,
    equityType: null,
    description: null,
    descriptionShort: null,
    fedExemptionExclusions: [],
    openDate: null,
    closeDate: null,
    listingStatus: 'none',
    primaryCTA: null,
    secondaryCTA: null,
    published: false,
    publishedAt: null,
    publishedBy: null,
    approvalStatus: 'pending',
    approvalDate: null,
    approvalBy: null,
    marketplaceConfig: { visibilityStatus: 'hidden', visibilityStatusUpdatedAt: null, visibilityStatusUpdatedBy: null },
    classes: [],
    customMetrics: [],
    capitalRaiseMin: null,
    capitalRaiseMax: null,
    capitalRaiseTotal: null,
    config: { esignTemplateId: null },
    institution: { _id: INSTITUTION_ID, name: 'Northwind Capital', logoUrl: null },
    documents: [],
    images: [],
    videos: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeOfferSummary(overrides: Partial<OfferSummary> = {}): OfferSummary {
  const o = makeOffer();
  return {
    _id: o._id,
    name: o.name,
    slug: o.slug,
    type: o.type,
    assetClass: o.assetClass,
    descriptionShort: o.descriptionShort,
    openDate: null,
    closeDate: null,
    listingStatus: 'none',
    published: false,
    approvalStatus: 'pending',
    institution: o.institution,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    visibilityStatus: 'hidden',
    heroImageUrl: null,
    minimumInvestment: null,
    targetIrr: null,
    ...overrides,
  };
}

export function makeInstitution(overrides: Partial<Institution> = {}): Institution {
  return {
    _id: INSTITUTION_ID,
    name: 'Northwind Capital',
    slug: 'northwind',
    type: 'fund',
    description: null,
    descriptionShort: 'A fund',
    customMetrics: [],
    images: [],
    videos: [],
    contact: { addresses: [], emails: [], phones: [], faxes: [], links: [] },
    logoUrl: null,
    offersCount: 0,
    isTeamMember: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
