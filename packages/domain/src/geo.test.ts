import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryCode, countryName, US_STATES } from './geo.ts';
import { gics, gicsChildren, gicsName, GICS_SECTORS } from './gics.ts';

describe('countries and states', () => {
  it('lists ISO countries and checks codes', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(countryCode.safeParse('US').success).toBe(true);
    expect(countryCode.safeParse('XX').success).toBe(false);
    expect(countryName('DE')).toBe('Germany');
    expect(US_STATES).toHaveLength(56);
  });
});

describe('GICS', () => {
  it('holds the 2023 taxonomy', () => {
    expect(GICS_SECTORS).toHaveLength(11);
    expect(gicsChildren(null)).toHaveLength(11);
    expect(gicsChildren('10').map((n) => n.code)).toEqual(['1010']);
    expect(gicsName('10101010')).toBe('Oil & Gas Drilling');
    const counts = GICS_SECTORS.reduce(
      (acc, s) => {
        acc.groups += s.industryGroups.length;
        for (const g of s.industryGroups) {
          acc.industries += g.industries.length;
          for (const i of g.industries) acc.subs += i.subIndustries.length;
        }
        return acc;
      },
      { groups: 0, industries: 0, subs: 0 },
    );
    expect(counts).toEqual({ groups: 25, industries: 74, subs: 163 });
  });

  it('accepts a consistent chain and refuses a broken one', () => {
    expect(gics.safeParse({ sector: '10', industryGroup: '1010', industry: '101010', subIndustry: '10101010' }).success).toBe(true);
    expect(gics.safeParse({ sector: '10', industryGroup: null, industry: null, subIndustry: null }).success).toBe(true);
    expect(gics.safeParse({ sector: '10', industryGroup: '1010', industry: '101010', subIndustry: '20101010' }).success).toBe(false);
    expect(gics.safeParse({ sector: null, industryGroup: '1010', industry: null, subIndustry: null }).success).toBe(false);
    expect(gics.safeParse({ sector: '99', industryGroup: null, industry: null, subIndustry: null }).success).toBe(false);
  });
});
