import type { MarketplaceDocumentFile, MarketplaceInstitution, MarketplaceOffer, OfferClass } from '@tessera/domain';
import { TENANT_ID } from './fixtures.ts';

export const OFFER_ID = 'd4d4d4d4d4d4d4d4d4d4d4d4';
export const INSTITUTION_ID = 'e5e5e5e5e5e5e5e5e5e5e5e5';
export const DOC_ID = 'f6f6f6f6f6f6f6f6f6f6f6f6';
export const API = `/api/v1/tenant/${TENANT_ID}/marketplace`;

export function makeOfferClass(overrides: Partial<OfferClass> = {}): OfferClass {
  return {
    id: 'class-a',
    name: 'Class A',
    description: null,
    internalRateOfReturn: null,
    annualizedReturn: null,
    cashOnCash: null,
    equityMultiple: null,
    holdingPeriod: null,
    preferredReturn: null,
    minimumInvestment: 0,
    maximumInvestment: null,
    distributionFrequency: null,
    distributionShare: null,
    pricePerUnit: null,
    upsideSplit: null,
    customMetrics: [],
    ...overrides,
  };
}

export function makeMarketplaceOffer(overrides: Partial<MarketplaceOffer> = {}): MarketplaceOffer {
  return {
    _id: OFFER_ID,
    slug: 'harbor-point',
    name: 'Harbor Point',
    description: '<p>The <strong>full</strong> story.</p>',
    descriptionShort: 'A waterfront block.',
    type: 'value-add',
    assetClass: 'multi-family',
    institution: {
      _id: INSTITUTION_ID,
      name: 'Harbor Fund',
      slug: 'harbor-fund',
      type: 'fund',
      descriptionShort: 'We buy harbours.',
      logoUrl: null,
    },
    images: [],
    bannerUrl: null,
    videos: [],
    openDate: '2026-03-05T12:00:00.000Z',
    closeDate: null,
    listingStatus: 'open',
    fedExemptionExclusions: ['rule-506-c'],
    customMetrics: [],
    primaryCTA: { label: 'Reserve', url: 'https://example.com/primary' },
    secondaryCTA: { label: 'Call us', url: 'https://example.com/secondary' },
    classes: [makeOfferClass()],
    documents: [],
    ...overrides,
  };
}

export function makeDocumentFile(overrides: Partial<MarketplaceDocumentFile> = {}): MarketplaceDocumentFile {
  return {
    _id: DOC_ID,
    name: 'Operating Agreement',
    originalName: 'operating-agreement.pdf',
    mimeType: 'application/pdf',
    size: 2048,
    url: `${API}/offers/${OFFER_ID}/documents/${DOC_ID}/file`,
    downloadUrl: `${API}/offers/${OFFER_ID}/documents/${DOC_ID}/file?download=1`,
    ...overrides,
  };
}

export function makeMarketplaceInstitution(overrides: Partial<MarketplaceInstitution> = {}): MarketplaceInstitution {
  return {
    _id: INSTITUTION_ID,
    name: 'Harbor Fund',
    slug: 'harbor-fund',
    type: 'fund',
    descriptionShort: 'We buy harbours.',
    logoUrl: null,
    bannerUrl: null,
    offersCount: 2,
    description: '<p>Since 1999.</p>',
    customMetrics: [],
    images: [],
    videos: [],
    team: [],
    ...overrides,
  };
}
