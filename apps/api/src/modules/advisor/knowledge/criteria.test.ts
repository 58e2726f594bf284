import { describe, expect, it } from 'vitest';
import { parseCriteria, rankCount } from './criteria.ts';

/** Bounds kept as 'strictly above a hair under N' for 'at least N': compared to N within a thousandth. */
const near = (v: number | undefined) => (v === undefined ? v : Math.round(v * 1e3) / 1e3);
const bounds = (q: string) => {
  const c = parseCriteria(q);
  return {
    irrAbove: near(c.irrAbove),
    irrAtMost: near(c.irrAtMost),
    equityMultipleAbove: near(c.equityMultipleAbove),
    equityMultipleAtMost: near(c.equityMultipleAtMost),
    minimumInvestmentAtLeast: near(c.minimumInvestmentAtLeast),
    minimumInvestmentAtMost: near(c.minimumInvestmentAtMost),
    holdingPeriodAtLeast: near(c.holdingPeriodAtLeast),
    holdingPeriodAtMost: near(c.holdingPeriodAtMost),
  };
};
const only = (values: Partial<ReturnType<typeof bounds>>) => ({
  irrAbove: undefined,
  irrAtMost: undefined,
  equityMultipleAbove: undefined,
  equityMultipleAtMost: undefined,
  minimumInvestmentAtLeast: undefined,
  minimumInvestmentAtMost: undefined,
  holdingPeriodAtLeast: undefined,
  holdingPeriodAtMost: undefined,
  ...values,
});

describe('parseCriteria', () => {
  it('reads asset classes from enum values and everyday words', () => {
    expect(parseCriteria('Any multifamily deals?').assetClasses).toEqual(['multi-family']);
    expect(parseCriteria('show me apartments').assetClasses).toEqual(['multi-family']);
    expect(parseCriteria('industrial or office offers').assetClasses).toEqual(['industrial', 'office-spaces']);
    expect(parseCriteria('retail and hotel offers').assetClasses).toEqual(['hospitality', 'retail']);
    expect(parseCriteria('self storage deals').assetClasses).toEqual(['storage-facilities']);
    expect(parseCriteria('raw land in Texas').assetClasses).toEqual(['land-development']);
    expect(parseCriteria('senior living or student housing').assetClasses).toEqual(['senior-living-facilities', 'student-housing']);
    expect(parseCriteria('what is an equity multiple?').assetClasses).toBeUndefined();
  });

  it('reads offer types, but not the terms of the capital stack', () => {
    expect(parseCriteria('value-add offers').types).toEqual(['value-add']);
    expect(parseCriteria('ground-up new construction').types).toEqual(['new-construction']);
    expect(parseCriteria('stabilized acquisitions').types).toEqual(['stabalized-acquisition']);
    expect(parseCriteria('what is mezzanine debt?').types).toBeUndefined();
  });

  it('reads statuses', () => {
    expect(parseCriteria('Which open offers have a target IRR above 15%?').statuses).toEqual(['open']);
    expect(parseCriteria('upcoming industrial deals').statuses).toEqual(['upcoming']);
    expect(parseCriteria('closed offers').statuses).toEqual(['closed']);
    expect(parseCriteria('sort by open date').statuses).toBeUndefined();
  });

  it.each([
    ['Which open offers have a target IRR above 15%?', { irrAbove: 15 }],
    ['IRR over 12', { irrAbove: 12 }],
    ['offers with IRR of at least 14%', { irrAbove: 14 }],
    ['target IRR below 10%', { irrAtMost: 10 }],
    ['IRR at most 18 percent', { irrAtMost: 18 }],
    ['IRR between 10% and 15%', { irrAbove: 10, irrAtMost: 15 }],
    ['above 15% IRR', { irrAbove: 15 }],
    ['at least 1.8x multiple', { equityMultipleAbove: 1.8 }],
    ['equity multiple above 2', { equityMultipleAbove: 2 }],
    ['minimum investment under $50,000', { minimumInvestmentAtMost: 50000 }],
    ['offers I can join with $25k', { minimumInvestmentAtMost: 25000 }],
    ['minimum of at least $100k', { minimumInvestmentAtLeast: 100000 }],
    ['holding period under 5 years', { holdingPeriodAtMost: 60 }],
    ['a 36 months hold or less', { holdingPeriodAtMost: 36 }],
    ['hold period of at most 36 months', { holdingPeriodAtMost: 36 }],
    ['multifamily with IRR above 15% and minimum under $50k', { irrAbove: 15, minimumInvestmentAtMost: 50000 }],
    ['15%+ IRR deals', { irrAbove: 15 }],
    ['IRR > 15', { irrAbove: 15 }],
    ['multiple of 2x or more', { equityMultipleAbove: 2 }],
    ['min investment of $1.5 million or less', { minimumInvestmentAtMost: 1_500_000 }],
    ['preferred return above 8%', {}],
    ['top 3 offers by IRR', {}],
    ['offers opening in 2026', {}],
  ])('reads the bounds of %j', (question, expected) => {
    expect(bounds(question)).toEqual(only(expected));
  });

  it('keeps strict bounds strict and inclusive ones inclusive', () => {
    const strict = parseCriteria('IRR above 15%');
    expect(strict.irrAbove).toBe(15);
    const inclusive = parseCriteria('IRR at least 15%');
    expect(inclusive.irrAbove).toBeLessThan(15);
    expect(inclusive.irrAbove).toBeGreaterThan(14.9999);
    expect(parseCriteria('minimum investment under $50,000').minimumInvestmentAtMost).toBeLessThan(50000);
    expect(parseCriteria('minimum investment up to $50,000').minimumInvestmentAtMost).toBe(50000);
  });

  it.each([
    ['Which offers have the lowest minimum investment?', { by: 'minimumInvestment', direction: 'asc' }],
    ['highest IRR', { by: 'targetIrr', direction: 'desc' }],
    ['top 3 offers by equity multiple', { by: 'equityMultiple', direction: 'desc' }],
    ['best offers', { by: 'targetIrr', direction: 'desc' }],
    ['the cheapest deal', { by: 'minimumInvestment', direction: 'asc' }],
    ['shortest holding period', { by: 'holdingPeriod', direction: 'asc' }],
    ['which offer opens soonest', { by: 'openDate', direction: 'asc' }],
  ])('reads the ranking of %j', (question, sort) => {
    expect(parseCriteria(question).sort).toEqual(sort);
  });

  it('does not read a bound as a ranking', () => {
    expect(parseCriteria('at least 1.8x multiple').sort).toBeUndefined();
    expect(parseCriteria('IRR at most 18%').sort).toBeUndefined();
  });

  it('reads how many a ranking asks for', () => {
    expect(rankCount('top 3 offers by IRR')).toBe(3);
    expect(rankCount('the five highest IRR offers')).toBe(5);
    expect(rankCount('Which offer has the highest IRR?')).toBe(1);
    expect(rankCount('Which offers have the lowest minimum investment?')).toBe(3);
  });

  it('reads comparisons', () => {
    for (const q of ['Compare Alpha and Beta', 'Alpha vs Beta', 'difference between Alpha Towers and Beta Plaza', 'alpha versus beta']) {
      expect(parseCriteria(q).compare, q).toBe(true);
    }
    expect(parseCriteria('which offers are open').compare).toBeUndefined();
  });

  it('reads capitalised and quoted phrases as possible names, not question words or terms', () => {
    expect(parseCriteria('Compare Alpha Towers and Beta Plaza').names).toEqual(['Alpha Towers', 'Beta Plaza']);
    expect(parseCriteria('Tell me about "harbor point"').names).toEqual(['harbor point']);
    expect(parseCriteria('What offers does Summit Ridge Capital have?').names).toEqual(['Summit Ridge Capital']);
    expect(parseCriteria('Which open offers have a target IRR above 15%?').names).toBeUndefined();
    expect(parseCriteria('What is IRR?').names).toBeUndefined();
    expect(parseCriteria('Which Multifamily offers are Open?').names).toBeUndefined();
    expect(parseCriteria('What is the Capital Stack?').names).toBeUndefined();
    expect(parseCriteria('What is the IRR of Alpha Towers?').names).toEqual(['Alpha Towers']);
    expect(parseCriteria('Is Bank of the West listed?').names).toEqual(['Bank of the West']);
  });

  it('reads nothing from a question about something else', () => {
    expect(parseCriteria('what is the weather like?')).toEqual({});
  });
});
