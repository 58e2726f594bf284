import { describe, expect, it } from 'vitest';
import { isOneOf, toSearch } from './list-params.ts';

describe('toSearch', () => {
  it('writes the set values and leaves out undefined, null, empty text and empty lists', () => {
    expect(toSearch({ page: 2, search: 'ada lovelace', role: undefined, status: null, tag: '', ids: [] })).toBe(
      '?page=2&search=ada+lovelace',
    );
  });

  it('sends a list comma-separated and nothing at all for an empty query', () => {
    expect(toSearch({ types: ['pdf', 'png'] })).toBe('?types=pdf%2Cpng');
    expect(toSearch({})).toBe('');
  });
});

describe('isOneOf', () => {
  it('is true only for one of the values', () => {
    const roles = ['owner', 'member'] as const;
    expect(isOneOf(roles, 'owner')).toBe(true);
    expect(isOneOf(roles, 'admin')).toBe(false);
    expect(isOneOf(roles, null)).toBe(false);
    expect(isOneOf(roles, undefined)).toBe(false);
  });
});
