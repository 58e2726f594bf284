import type { MarketplaceOfferCard } from '@tessera/domain';

let counter = 0;
/** A 24-hex id from a number, so fixtures read as offer 1, 2, 3. */
export const hexId = (n: number, prefix = 'a') => `${prefix}${n.toString(16).padStart(23, '0')}`;

export function makeOfferCard(overrides: Partial<MarketplaceOfferCard> = {}): MarketplaceOfferCard {
  counter += 1;
  const n = counter;
  return {
    _id: hexId(n),
    slug: `offer-${n}`,
    name: `Offer ${n}`,
    descriptionShort: 'A short description.',
    type: 'value-add',
    assetClass: 'multi-family',
    listingStatus: 'open',
    openDate: '2026-01-01T00:00:00.000Z',
    closeDate: null,
    institution: { _id: 'c'.repeat(24), name: 'Harbor Capital', slug: 'harbor', type: 'fund', descriptionShort: null, logoUrl: null },
    bannerUrl: `/api/v1/tenant/t/marketplace/images/${n}`,
    classNames: ['Class A', 'Class B'],
    minimumInvestment: 25000,
    targetIrr: 12.5,
    equityMultiple: 1.8,
    holdingPeriod: 60,
    primaryCTA: { label: 'Invest', url: 'https://invest.example/offer' },
    secondaryCTA: null,
    ...overrides,
  };
}

export const page = (data: MarketplaceOfferCard[], meta: Partial<{ page: number; limit: number; total: number }> = {}) => ({
  data,
  meta: { page: 1, limit: 12, total: data.length, ...meta },
});
