import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMultiple,
  formatPercent,
  formatRelativeOrDate,
  RELATIVE_TIME_DAYS,
  TIME_FORMATS,
} from './format.ts';
import {
  businessDisplayName,
  formatCountdown,
  initials,
  institutionDisplayName,
  truncate,
  TRUNCATE_DEFAULT,
  userDisplayName,
} from './text.ts';

describe('formatCurrency', () => {
  it('shows dollars with 2 decimals and thousands separators', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(1_000_000)).toBe('$1,000,000.00');
    expect(formatCurrency(-42.125)).toBe('-$42.13');
  });

  it('takes other decimals and currencies', () => {
    expect(formatCurrency(1234.56, { decimals: 0 })).toBe('$1,235');
    expect(formatCurrency(10, { currency: 'EUR' })).toBe('€10.00');
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('shows - for %s', (value) => {
    expect(formatCurrency(value)).toBe('-');
  });
});

describe('formatPercent', () => {
  it('shows 2 decimals of a value already in percent', () => {
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(formatPercent(-3.5)).toBe('-3.50%');
    expect(formatPercent(7, 0)).toBe('7%');
  });

  it.each([null, undefined, 0, -0, Number.NaN, Number.NEGATIVE_INFINITY])('shows - for %s', (value) => {
    expect(formatPercent(value)).toBe('-');
  });
});

describe('formatMultiple', () => {
  it('shows 1 decimal', () => {
    expect(formatMultiple(1.84)).toBe('1.8x');
    expect(formatMultiple(2)).toBe('2.0x');
    expect(formatMultiple(0)).toBe('0.0x');
  });

  it.each([null, undefined, Number.NaN])('shows - for %s', (value) => {
    expect(formatMultiple(value)).toBe('-');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [1024 ** 2, '1.0 MB'],
    [1024 ** 2 - 1, '1.0 MB'],
    [5.25 * 1024 ** 2, '5.3 MB'],
    [300 * 1024 ** 2, '300 MB'],
    [1024 ** 3, '1.0 GB'],
    [2.5 * 1024 ** 4, '2.5 TB'],
    [1024 ** 5, '1024 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it.each([null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY])('shows - for %s', (value) => {
    expect(formatFileSize(value)).toBe('-');
  });
});

describe('formatDate (§9)', () => {
  const day = new Date(2024, 2, 5, 14, 7, 9);

  it('offers the four date formats and three time formats', () => {
    expect(DATE_FORMATS).toEqual(['YYYY.MM.DD', 'M/D/YYYY', 'MMM D, YYYY', 'MMMM DD, YYYY']);
    expect(TIME_FORMATS).toEqual(['h:mm A', 'h:mm:ss A', 'HH:mm:ss A']);
    expect(DEFAULT_DATE_FORMAT).toBe('MMM D, YYYY');
    expect(DEFAULT_TIME_FORMAT).toBe('h:mm A');
  });

  it.each([
    ['YYYY.MM.DD', '2024.03.05'],
    ['M/D/YYYY', '3/5/2024'],
    ['MMM D, YYYY', 'Mar 5, 2024'],
    ['MMMM DD, YYYY', 'March 05, 2024'],
  ])('formats %s', (format, text) => {
    expect(formatDate(day, format)).toBe(text);
  });

  it('defaults to MMM D, YYYY and takes text and timestamps', () => {
    expect(formatDate(day)).toBe('Mar 5, 2024');
    expect(formatDate('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatDate(day.getTime())).toBe('Mar 5, 2024');
  });

  it.each([null, undefined, '', 'not a date'])('shows - for %j', (value) => {
    expect(formatDate(value)).toBe('-');
    expect(formatDateTime(value)).toBe('-');
  });

  it('formats date and time together', () => {
    expect(formatDateTime(day)).toBe('Mar 5, 2024 2:07 PM');
    expect(formatDateTime(day, 'YYYY.MM.DD', 'h:mm:ss A')).toBe('2024.03.05 2:07:09 PM');
    expect(formatDateTime(day, 'M/D/YYYY', 'HH:mm:ss A')).toBe('3/5/2024 14:07:09 PM');
  });
});

describe('formatRelativeOrDate', () => {
  const now = new Date(2024, 2, 20, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  it('shows relative time under 7 days', () => {
    expect(RELATIVE_TIME_DAYS).toBe(7);
    expect(formatRelativeOrDate(ago(10_000), now)).toBe('a few seconds ago');
    expect(formatRelativeOrDate(ago(3 * HOUR), now)).toBe('3 hours ago');
    expect(formatRelativeOrDate(ago(6 * DAY), now)).toBe('6 days ago');
    expect(formatRelativeOrDate(new Date(now.getTime() + 2 * DAY), now)).toBe('in 2 days');
  });

  it('shows the full date from 7 days on', () => {
    expect(formatRelativeOrDate(ago(7 * DAY), now)).toBe('Mar 13, 2024');
    expect(formatRelativeOrDate(ago(30 * DAY), now, 'YYYY.MM.DD')).toBe('2024.02.19');
  });

  it.each([null, undefined, 'garbage'])('shows - for %j', (value) => {
    expect(formatRelativeOrDate(value, now)).toBe('-');
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [999, '00:00'],
    [1000, '00:01'],
    [59_999, '00:59'],
    [65_000, '01:05'],
    [307_000, '05:07'],
    [600_000, '10:00'],
    [1_799_999, '29:59'],
    [3_600_000, '60:00'],
    [6_000_000, '100:00'],
    [-5000, '00:00'],
    [Number.NaN, '00:00'],
    [Number.POSITIVE_INFINITY, '00:00'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('truncate', () => {
  it('keeps text up to 40 characters by default', () => {
    expect(TRUNCATE_DEFAULT).toBe(40);
    expect(truncate('a'.repeat(40))).toBe('a'.repeat(40));
  });

  it('cuts longer text to the limit, ellipsis included', () => {
    const cut = truncate('a'.repeat(41));
    expect(cut).toBe(`${'a'.repeat(39)}…`);
    expect(cut).toHaveLength(40);
    expect(truncate('hello world', 7)).toBe('hello…');
  });

  it('shows nothing for no text', () => {
    expect(truncate(null)).toBe('');
    expect(truncate(undefined)).toBe('');
    expect(truncate('')).toBe('');
  });
});

describe('initials (§5)', () => {
  it.each([
    ['Ana Smith', 'AS'],
    ['ana maria smith', 'AM'],
    ['  ana   smith  ', 'AS'],
    ['Madonna', 'MA'],
    ['x', 'X'],
    ['Émile Zola', 'ÉZ'],
    ['😀 Party', '😀P'],
    ['', 'XX'],
    ['   ', 'XX'],
    [null, 'XX'],
    [undefined, 'XX'],
  ])('%j → %s', (text, expected) => {
    expect(initials(text)).toBe(expected);
  });
});

describe('userDisplayName (§5 order)', () => {
  const full = { _id: 'u1', displayname: 'Annie', firstname: 'Ana', lastname: 'Smith', email: 'ana@example.com' };

  it('prefers the display name', () => {
    expect(userDisplayName(full)).toBe('Annie');
  });

  it('then first and last name', () => {
    expect(userDisplayName({ ...full, displayname: null })).toBe('Ana Smith');
    expect(userDisplayName({ ...full, displayname: '  ', firstname: ' Ana ', lastname: ' Smith ' })).toBe('Ana Smith');
  });

  it('then either alone', () => {
    expect(userDisplayName({ ...full, displayname: null, lastname: null })).toBe('Ana');
    expect(userDisplayName({ ...full, displayname: null, firstname: '' })).toBe('Smith');
  });

  it('then the email, then the id', () => {
    expect(userDisplayName({ ...full, displayname: null, firstname: null, lastname: null })).toBe('ana@example.com');
    expect(userDisplayName({ _id: 'u1', displayname: null, firstname: null, lastname: null, email: null })).toBe('u1');
  });

  it('treats §5 empty values as missing', () => {
    expect(userDisplayName({ ...full, displayname: '-' })).toBe('Ana Smith');
    expect(userDisplayName({ ...full, displayname: '- -', lastname: '-' })).toBe('Ana');
  });

  it('shows nothing for no user', () => {
    expect(userDisplayName(null)).toBe('');
    expect(userDisplayName(undefined)).toBe('');
    expect(userDisplayName({})).toBe('');
  });
});

describe('institutionDisplayName (§5 order)', () => {
  it('uses name, then slug, then id', () => {
    expect(institutionDisplayName({ _id: 'i1', name: 'Acme Bank', slug: 'acme' })).toBe('Acme Bank');
    expect(institutionDisplayName({ _id: 'i1', name: ' ', slug: 'acme' })).toBe('acme');
    expect(institutionDisplayName({ _id: 'i1', name: null, slug: null })).toBe('i1');
    expect(institutionDisplayName(null)).toBe('');
  });
});

describe('businessDisplayName (§5 order)', () => {
  it('uses display name, then dba, then name, then id', () => {
    const b = { _id: 'b1', displayname: 'Acme', dba: 'Acme Trading', name: 'Acme Holdings LLC' };
    expect(businessDisplayName(b)).toBe('Acme');
    expect(businessDisplayName({ ...b, displayname: null })).toBe('Acme Trading');
    expect(businessDisplayName({ ...b, displayname: null, dba: '' })).toBe('Acme Holdings LLC');
    expect(businessDisplayName({ _id: 'b1' })).toBe('b1');
    expect(businessDisplayName(undefined)).toBe('');
  });
});
