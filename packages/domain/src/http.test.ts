import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  dataOf,
  errorBody,
  errorCode,
  errorDisplayText,
  errorEnvelope,
  errorName,
  errorStatus,
  listOf,
  networkErrorText,
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  pageMeta,
  pageQuery,
  UNEXPECTED_ERROR_TEXT,
} from './http.ts';
import { groupThousands } from './text.ts';

describe('error codes', () => {
  it('map every code to its HTTP status', () => {
    expect(errorStatus).toEqual({
      'bad-request': 400,
      validation: 400,
      unauthenticated: 401,
      forbidden: 403,
      'not-found': 404,
      'method-not-allowed': 405,
      'request-timeout': 408,
      conflict: 409,
      'payload-too-large': 413,
      'unsupported-media-type': 415,
      unprocessable: 422,
      'rate-limited': 429,
      'headers-too-large': 431,
      internal: 500,
      unavailable: 503,
    });
  });

  it('name every code, with distinct names', () => {
    expect(Object.keys(errorName).sort()).toEqual([...errorCode.options].sort());
    expect(new Set(Object.values(errorName)).size).toBe(errorCode.options.length);
    expect(errorName.unauthenticated).toBe('AuthenticationError');
    expect(errorName['not-found']).toBe('NotFoundError');
    expect(errorName.internal).toBe('InternalServerError');
  });

  it('keeps every status an error status', () => {
    for (const code of errorCode.options) {
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code]).toBeLessThan(600);
    }
  });

  it('describes the one error envelope', () => {
    const body = { type: 'not-found', name: errorName['not-found'], message: 'Offer not found', status: 404 };
    expect(errorEnvelope.parse({ error: body })).toEqual({ error: body });
    expect(errorBody.safeParse({ ...body, type: 'teapot' }).success).toBe(false);
    expect(errorBody.safeParse({ ...body, status: 404.5 }).success).toBe(false);
  });
});

describe('pageQuery', () => {
  it('defaults to page 1 and 20 per page', () => {
    expect(PAGE_LIMIT_DEFAULT).toBe(20);
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('coerces query-string numbers', () => {
    expect(pageQuery.parse({ page: '3', limit: '50' })).toEqual({ page: 3, limit: 50 });
  });

  it('allows up to 100 per page', () => {
    expect(PAGE_LIMIT_MAX).toBe(100);
    expect(pageQuery.parse({ limit: '100' }).limit).toBe(100);
    expect(pageQuery.parse({ limit: 1 }).limit).toBe(1);
  });

  it.each([
    [{ page: '0' }, 'page must be 1 or more'],
    [{ page: '-2' }, 'page must be 1 or more'],
    [{ limit: '0' }, 'limit must be 1 or more'],
    [{ limit: '101' }, 'limit must be at most 100'],
  ])('rejects %j with %j', (query, message) => {
    const result = pageQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('rejects fractions and non-numbers', () => {
    expect(pageQuery.safeParse({ page: '1.5' }).success).toBe(false);
    expect(pageQuery.safeParse({ limit: 'many' }).success).toBe(false);
  });
});

describe('response wrappers', () => {
  it('wrap one item and a page of items', () => {
    const item = z.object({ n: z.number() });
    expect(dataOf(item).parse({ data: { n: 1 } })).toEqual({ data: { n: 1 } });
    const page = { data: [{ n: 1 }], meta: { page: 1, limit: 20, total: 1 } };
    expect(listOf(item).parse(page)).toEqual(page);
    expect(listOf(item).safeParse({ data: [{ n: 1 }] }).success).toBe(false);
  });
});

describe('networkErrorText (§8)', () => {
  it('prefers the server text, then the client text, then a fallback', () => {
    expect(networkErrorText('Offer not found', 'Request failed')).toBe('Offer not found');
    expect(networkErrorText('  ', 'Request failed')).toBe('Request failed');
    expect(networkErrorText(null, undefined)).toBe('unknown network error');
    expect(networkErrorText()).toBe('unknown network error');
  });
});

describe('errorDisplayText (§8)', () => {
  it('keeps a non-empty text', () => {
    expect(errorDisplayText('Offer not found')).toBe('Offer not found');
    expect(errorDisplayText(networkErrorText(null, null))).toBe('unknown network error');
  });

  it.each([undefined, null, '', '   '])('falls back to "an unexpected error occured" for %j', (text) => {
    expect(UNEXPECTED_ERROR_TEXT).toBe('an unexpected error occured');
    expect(errorDisplayText(text)).toBe('an unexpected error occured');
  });
});

describe('groupThousands', () => {
  it('writes integers as en-US does, without Intl (texts built when a schema module loads)', () => {
    for (const n of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 987_654_321, -1234, -999]) {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
    }
    expect(pageMeta.shape.totalCapped.description).toContain('count up to 10,000 and stop there');
  });
});
