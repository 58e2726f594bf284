import { describe, expect, it } from 'vitest';
import { marketplaceOfferPath, offerCtaHasLabel } from './marketplace.ts';
import { formatMonths, formatOfferMoney, formatOfferMultiple, formatOfferPercent, offerCardMetricItems } from './offer-format.ts';

describe('offer formats (001 §2, 002 §9)', () => {
  it('shows percent fields from their stored percent units', () => {
    expect(formatOfferPercent(8)).toBe('8%');
    expect(formatOfferPercent(15.25)).toBe('15.25%');
    expect(formatOfferPercent(null)).toBe('-');
  });

  it('shows money in whole dollars, periods in months and multiples with one decimal', () => {
    expect(formatOfferMoney(25_000)).toBe('$25,000');
    expect(formatOfferMoney(Number.NaN)).toBe('-');
    expect(formatMonths(60)).toBe('60 months');
    expect(formatMonths(undefined)).toBe('-');
    expect(formatOfferMultiple(2)).toBe('2.0x');
  });

  it('lists the card metrics by label', () => {
    expect(offerCardMetricItems({ minimumInvestment: 50_000, targetIrr: 18, equityMultiple: null })).toEqual([
      { label: 'Min. Investment', value: '$50,000' },
      { label: 'Target IRR', value: '18%' },
      { label: 'Avg. Equity Mult.', value: '-' },
    ]);
  });

  it('shows a call to action only with a label, and addresses an offer by its id or slug', () => {
    expect(offerCtaHasLabel({ label: ' ', url: 'https://example.com' })).toBe(false);
    expect(offerCtaHasLabel(null)).toBe(false);
    expect(offerCtaHasLabel({ label: 'Reserve', url: '' })).toBe(true);
    expect(marketplaceOfferPath('a b/c')).toBe('/marketplace/offers/a%20b%2Fc');
  });
});
