import { MARKETPLACE_FIRST_PAGE_SEARCH, PAGE_ANSWERS_ID, PAGE_LIMIT_MAX } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { marketplaceInstitutionsQueryOptions } from './list-marketplace-institutions.ts';
import { marketplaceOffersQueryOptions } from './list-marketplace-offers.ts';
import { marketplaceOfferQueryOptions } from './get-marketplace-offer.ts';
import { marketplaceShowcaseQueryOptions } from './get-marketplace-showcase.ts';
import { offerListParams, readOfferListState } from '../hooks/use-offer-list-params.ts';
import { makeOfferCard } from '../../../test/offer-card.ts';
import { PAGE_ANSWERS_MAX_AGE_MS, resetPageAnswers, takePageAnswer } from '../../../lib/page-answers.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';

function writePage(answers: unknown) {
  const script = document.createElement('script');
  script.id = PAGE_ANSWERS_ID;
  script.type = 'application/json';
  script.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.head.append(script);
}

// A page read afresh and a moment old: other files of the worker read the page before, and its clock may be well past
// the answers' age limit.
beforeEach(() => {
  resetPageAnswers();
  vi.spyOn(performance, 'now').mockReturnValue(1000);
});
afterEach(() => {
  document.getElementById(PAGE_ANSWERS_ID)?.remove();
  resetPageAnswers();
  localStorage.clear();
  vi.restoreAllMocks();
});

const item = z.object({ id: z.string() });

describe('answers written into the page', () => {
  it('gives a checked answer once, then leaves the path to the network', () => {
    writePage({ '/a?x=1': { id: 'one' } });
    expect(takePageAnswer('/a', item)).toBeUndefined();
    expect(takePageAnswer('/a?x=1', item)).toEqual({ id: 'one' });
    expect(takePageAnswer('/a?x=1', item)).toBeUndefined();
  });

  it('gives nothing that does not check, nor from a page that wrote none or garbage', () => {
    writePage({ '/a': { id: 1 } });
    expect(takePageAnswer('/a', item)).toBeUndefined();
    resetPageAnswers();
    document.getElementById(PAGE_ANSWERS_ID)?.remove();
    expect(takePageAnswer('/a', item)).toBeUndefined();
    resetPageAnswers();
    writePage('{not json');
    expect(takePageAnswer('/a', item)).toBeUndefined();
  });

  it("gives nothing to a signed-in member: the answers are a signed-out visitor's", () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: 'abc.def.ghi' }));
    writePage({ '/a': { id: 'one' } });
    expect(takePageAnswer('/a', item)).toBeUndefined();
  });

  it('gives nothing once the page is older than the queries would keep data fresh', () => {
    writePage({ '/a': { id: 'one' } });
    vi.spyOn(performance, 'now').mockReturnValue(PAGE_ANSWERS_MAX_AGE_MS + 1);
    expect(takePageAnswer('/a', item)).toBeUndefined();
  });
});

describe("the marketplace queries start from the page's answers", () => {
  const card = makeOfferCard();
  const list = { data: [card], meta: { total: 1, page: 1, limit: 12 } };

  it("asks for the list's default first page with the query the API writes it under", () => {
    const params = offerListParams(readOfferListState(new URLSearchParams('view=list')));
    writePage({ [`/tenant/t1/marketplace/offers${MARKETPLACE_FIRST_PAGE_SEARCH}`]: list });
    const options = marketplaceOffersQueryOptions('t1', params);
    expect(typeof options.initialData === 'function' ? options.initialData() : undefined).toEqual(list);
  });

  it('takes the showcase, the institutions and an offer from their paths', () => {
    const institutions = { data: [], meta: { total: 0, page: 1, limit: PAGE_LIMIT_MAX } };
    writePage({
      '/tenant/t1/marketplace/showcase': { data: [card] },
      [`/tenant/t1/marketplace/institutions?limit=${PAGE_LIMIT_MAX}`]: institutions,
      '/tenant/t1/marketplace/offers/harbor-point': { data: { not: 'an offer' } },
    });
    const initial = <T>(options: { initialData?: T | (() => T) }) =>
      typeof options.initialData === 'function' ? (options.initialData as () => T)() : options.initialData;
    expect(initial(marketplaceShowcaseQueryOptions('t1'))).toEqual([card]);
    expect(initial(marketplaceInstitutionsQueryOptions('t1', { limit: PAGE_LIMIT_MAX }))).toEqual(institutions);
    // An answer that does not check is not used: the query fetches.
    expect(initial(marketplaceOfferQueryOptions('t1', 'harbor-point'))).toBeUndefined();
  });
});
