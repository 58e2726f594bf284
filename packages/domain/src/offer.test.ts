import { describe, expect, it } from 'vitest';
import { entitySlug, entitySlugify, metricsComplete } from './institution.ts';
import {
  capitalRaiseComplete,
  classesComplete,
  deriveListingStatus,
  detailsComplete,
  heroImage,
  missingRequiredDocuments,
  offerCardMetrics,
  offerSlugAvailabilityQuery,
  offerStatusBody,
  type OfferDocumentItem,
} from './offer.ts';

describe('entitySlugify (002 §5)', () => {
  it.each([
    ['Harbor Point Apartments', 'harbor-point-apartments'],
    ['  Summit   Ridge  ', 'summit-ridge'],
    ['Fund III (2026)!', 'fund-iii-2026'],
    ['Déjà Vu & Co.', 'dj-vu--co'],
    ['snake_case stays', 'snake_case-stays'],
    ['already-a-slug', 'already-a-slug'],
    ['', ''],
  ])('%j → %j', (name, slug) => {
    expect(entitySlugify(name)).toBe(slug);
  });

  it('derives slugs the slug schema accepts for ordinary names', () => {
    for (const name of ['Harbor Point Apartments', 'Fund III (2026)', 'Summit Ridge Capital'])
      expect(entitySlug.safeParse(entitySlugify(name)).success).toBe(true);
  });

  it('the slug schema refuses upper case, spaces and edge hyphens', () => {
    for (const slug of ['Upper', 'two words', '-lead', 'trail-', ''])
      expect(offerSlugAvailabilityQuery.safeParse({ slug }).success).toBe(false);
  });
});

describe('deriveListingStatus (002 §4)', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const past = '2026-06-01T00:00:00Z';
  const earlier = '2026-05-01T00:00:00Z';
  const future = '2026-07-01T00:00:00Z';
  it.each([
    [future, null, 'upcoming'],
    [future, '2026-08-01T00:00:00Z', 'upcoming'],
    [past, null, 'open'],
    [past, future, 'open'],
    [earlier, past, 'closed'],
    [null, past, 'closed'],
    [null, future, 'none'],
    [null, null, 'none'],
    ['not a date', null, 'none'],
  ] as const)('open %s, close %s → %s', (open, close, status) => {
    expect(deriveListingStatus(open, close, now)).toBe(status);
  });

  it('is open at the very instant the open date passes and closed at the close date', () => {
    expect(deriveListingStatus(now, null, now)).toBe('open');
    expect(deriveListingStatus(past, now, now)).toBe('closed');
  });

  it('the status body wants the close date after the open date', () => {
    expect(offerStatusBody.safeParse({ openDate: future, closeDate: past }).success).toBe(false);
    expect(offerStatusBody.safeParse({ openDate: past, closeDate: future }).success).toBe(true);
    expect(offerStatusBody.safeParse({ openDate: null, closeDate: null }).success).toBe(true);
  });
});

describe('completeness (002 §5)', () => {
  const full = { name: 'A', descriptionShort: 'Short', assetClass: 'retail', type: 'value-add', equityType: 'debt' } as const;
  it('details need name, short description, asset class, type and equity type', () => {
    expect(detailsComplete(full)).toBe(true);
    expect(detailsComplete({ ...full, descriptionShort: '- -' })).toBe(false);
    expect(detailsComplete({ ...full, equityType: null })).toBe(false);
  });

  it('classes need at least one, each with a name and a minimum investment', () => {
    expect(classesComplete([])).toBe(false);
    expect(classesComplete([{ name: 'A', minimumInvestment: 0 }])).toBe(true);
    expect(
      classesComplete([
        { name: 'A', minimumInvestment: 10 },
        { name: ' ', minimumInvestment: 10 },
      ]),
    ).toBe(false);
  });

  it('metrics need at least one, each with a key and a value', () => {
    expect(metricsComplete([])).toBe(false);
    expect(metricsComplete([{ key: 'Units', value: '120' }])).toBe(true);
    expect(metricsComplete([{ key: 'Units', value: '-' }])).toBe(false);
  });

  it('capital raise needs min, max and total all non-zero (not cross-checked)', () => {
    expect(capitalRaiseComplete({ capitalRaiseMin: 1, capitalRaiseMax: 2, capitalRaiseTotal: 3 })).toBe(true);
    expect(capitalRaiseComplete({ capitalRaiseMin: 5, capitalRaiseMax: 1, capitalRaiseTotal: 3 })).toBe(true);
    expect(capitalRaiseComplete({ capitalRaiseMin: 1, capitalRaiseMax: 2, capitalRaiseTotal: 0 })).toBe(false);
    expect(capitalRaiseComplete({ capitalRaiseMin: null, capitalRaiseMax: 2, capitalRaiseTotal: 3 })).toBe(false);
  });
});

describe('missingRequiredDocuments (002 §5)', () => {
  const shown = (type: OfferDocumentItem['type']) => ({ type, hidden: false });
  it('names the required types not yet present, in their fixed order; other documents do not count', () => {
    expect(missingRequiredDocuments([])).toEqual([
      'operating-agreement',
      'private-placement-memorandum',
      'subscription-agreement',
      'wire-instructions',
    ]);
    expect(missingRequiredDocuments([shown('wire-instructions'), shown('other'), shown('operating-agreement')])).toEqual([
      'private-placement-memorandum',
      'subscription-agreement',
    ]);
    expect(
      missingRequiredDocuments([
        shown('operating-agreement'),
        shown('private-placement-memorandum'),
        shown('subscription-agreement'),
        shown('wire-instructions'),
      ]),
    ).toEqual([]);
  });

  it('does not count a hidden document, unless a shown one of the same type is there too', () => {
    const all = [shown('operating-agreement'), shown('private-placement-memorandum'), shown('subscription-agreement')];
    expect(missingRequiredDocuments([...all, { type: 'wire-instructions', hidden: true }])).toEqual(['wire-instructions']);
    expect(missingRequiredDocuments([...all, { type: 'wire-instructions', hidden: true }, shown('wire-instructions')])).toEqual([]);
  });
});

describe('offerCardMetrics (002 §9)', () => {
  it('takes the lowest minimum investment, the highest IRR and the shortest holding period', () => {
    expect(
      offerCardMetrics([
        { minimumInvestment: 50_000, internalRateOfReturn: 14, holdingPeriod: 60 },
        { minimumInvestment: 25_000, internalRateOfReturn: 18, holdingPeriod: null },
        { minimumInvestment: 100_000, internalRateOfReturn: null, holdingPeriod: 36 },
      ]),
    ).toEqual({ minimumInvestment: 25_000, targetIrr: 18, holdingPeriod: 36 });
  });

  it('is all null without classes', () => {
    expect(offerCardMetrics([])).toEqual({ minimumInvestment: null, targetIrr: null, holdingPeriod: null });
  });
});

describe('heroImage (002 §3)', () => {
  it('is the first visible image of the purpose by position', () => {
    const images = [
      { id: 'c', position: 2, hidden: false, purpose: 'primary' },
      { id: 'a', position: 0, hidden: true, purpose: 'primary' },
      { id: 'b', position: 1, hidden: false, purpose: 'primary' },
      { id: 'd', position: 3, hidden: false, purpose: 'banner' },
    ];
    expect(heroImage(images)?.id).toBe('b');
    expect(heroImage(images, 'banner')?.id).toBe('d');
    expect(heroImage(images, 'gallery')).toBeUndefined();
  });
});
