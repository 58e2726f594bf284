import { describe, expect, it } from 'vitest';
import {
  MARKETPLACE_FILTER_INSTITUTIONS,
  MARKETPLACE_FIRST_PAGE,
  MARKETPLACE_FIRST_PAGE_SEARCH,
  marketplaceInstitutionsApiPath,
  marketplaceOfferApiPath,
  marketplaceOffersApiPath,
  marketplaceShowcaseApiPath,
  offerListSearch,
} from './marketplace-api.ts';

describe('marketplace API paths', () => {
  it('spell the paths the routes answer, with ids and slugs encoded', () => {
    expect(marketplaceOfferApiPath('t 1', 'a b/c')).toBe('/tenant/t%201/marketplace/offers/a%20b%2Fc');
    expect(marketplaceShowcaseApiPath('t1')).toBe('/tenant/t1/marketplace/showcase');
    expect(marketplaceInstitutionsApiPath('t1', MARKETPLACE_FILTER_INSTITUTIONS)).toBe('/tenant/t1/marketplace/institutions?limit=100');
    expect(marketplaceInstitutionsApiPath('t1', { search: '' })).toBe('/tenant/t1/marketplace/institutions');
  });

  it('write a list query with only what narrows it: no empty values and no zero bounds', () => {
    expect(offerListSearch({ page: 2, irrMin: 0, search: '', assetClass: 'credit,real-estate' })).toBe(
      '?page=2&assetClass=credit%2Creal-estate',
    );
    expect(marketplaceOffersApiPath('t1', MARKETPLACE_FIRST_PAGE)).toBe(`/tenant/t1/marketplace/offers${MARKETPLACE_FIRST_PAGE_SEARCH}`);
    expect(MARKETPLACE_FIRST_PAGE_SEARCH).toBe('?page=1&limit=12&sort=newest');
  });
});
