import type { AdvisorGrounding, AdvisorOffer } from '../src/modules/advisor/model.ts';

/** A grounding as retrieval hands it to a model (issue #24), for the model and prompt tests: no database needed. */
export function offerFixture(overrides: Partial<AdvisorOffer> = {}): AdvisorOffer {
  return {
    id: '6745a1c2e4b0a1b2c3d4e5d1',
    slug: 'harbor-point-apartments',
    name: 'Harbor Point Apartments',
    path: '/marketplace/offers/harbor-point-apartments',
    institutionName: 'Acme Capital',
    assetClass: 'multi-family',
    type: 'value-add',
    listingStatus: 'open',
    openDate: '2026-11-01',
    closeDate: null,
    minimumInvestment: 25_000,
    targetIrr: 16.5,
    equityMultiple: 1.9,
    holdingPeriod: 60,
    descriptionShort: 'Garden-style apartments near the harbour.',
    classes: [
      {
        name: 'Class A',
        minimumInvestment: 25_000,
        internalRateOfReturn: 16.5,
        equityMultiple: 1.9,
        holdingPeriod: 60,
        preferredReturn: 8,
        cashOnCash: 6,
        distributionFrequency: 4,
      },
    ],
    documents: [{ id: '6745a1c2e4b0a1b2c3d4e5f1', name: 'Offering memorandum.pdf', excerpt: 'The sponsor targets a 16.5% IRR.' }],
    ...overrides,
  };
}

export function groundingFixture(overrides: Partial<AdvisorGrounding> = {}): AdvisorGrounding {
  return {
    marketplaceName: 'Acme Invest',
    currency: 'USD',
    question: 'Which open offers have a target IRR above 15%?',
    criteria: { statuses: ['open'], irrAbove: 15 },
    offers: [offerFixture()],
    matched: 1,
    focusOfferIds: [],
    glossary: [{ term: 'IRR', definition: 'The internal rate of return.' }],
    history: [],
    ...overrides,
  };
}
