import { describe, expect, it } from 'vitest';
import { EARLY_GETS_INSTITUTION, institutionApiPath, institutionDashboardOffers, offerListApiPath } from './raise-api.ts';

describe('Raise mode API paths', () => {
  it('spell the paths the routes answer, with ids encoded and the query in the order given', () => {
    expect(institutionApiPath('t 1', 'a/b')).toBe('/tenant/t%201/institutions/a%2Fb');
    expect(offerListApiPath('t1')).toBe('/tenant/t1/offers');
    expect(offerListApiPath('t1', institutionDashboardOffers('i1'))).toBe('/tenant/t1/offers?institution=i1&limit=3');
    expect(offerListApiPath('t1', { search: '', page: 2 })).toBe('/tenant/t1/offers?page=2');
  });

  it("keep the early GETs' institution placeholder as it is, in a path and in a query", () => {
    expect(institutionApiPath('t1', EARLY_GETS_INSTITUTION)).toBe(`/tenant/t1/institutions/${EARLY_GETS_INSTITUTION}`);
    expect(offerListApiPath('t1', institutionDashboardOffers(EARLY_GETS_INSTITUTION))).toContain(`institution=${EARLY_GETS_INSTITUTION}&`);
  });
});
