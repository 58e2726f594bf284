import { describe, expect, it } from 'vitest';
import {
  email,
  EMAIL_ERROR,
  EMAIL_PATTERN,
  isEmptyValue,
  isEnumValue,
  isValidDate,
  isValidEmail,
  isValidPhone,
  isValidUrl,
  invisibleCharacters,
  optionalPersonName,
  password,
  PASSWORD_MAX,
  PASSWORD_MIN,
  personName,
  PHONE_PATTERN,
  SEARCH_MIN_CHARS,
  shouldSuggest,
} from './validation.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('isEmptyValue (§5)', () => {
  it.each([null, undefined, '', '-', '- -', '   ', ' - ', ' - - '])('treats %j as empty', (value) => {
    expect(isEmptyValue(value)).toBe(true);
  });

  it.each(['a', '--', '-a', '0', 0, false, [], {}, '- - -'])('treats %j as a value', (value) => {
    expect(isEmptyValue(value)).toBe(false);
  });
});

describe('email rule', () => {
  it.each(['ana@example.com', 'a.b+tag@sub.example.co.uk', 'x@y.io', 'zoë@exämple.de'])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
    expect(email.safeParse(value).success).toBe(true);
  });

  it.each(['', 'plain', 'no-at.example.com', 'a@b', 'a@b.', 'a@.b.com', 'a@b..com', 'a b@c.com', 'a@b c.com', 'a@@b.com', '@b.com'])(
    'rejects %j with the spec message',
    (value) => {
      expect(isValidEmail(value)).toBe(false);
      const result = email.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(EMAIL_ERROR);
    },
  );

  it('uses the spec error text', () => {
    expect(EMAIL_ERROR).toBe('Enter a valid email address');
  });

  it('trims and lowercases', () => {
    expect(email.parse('  Ana.Smith@Example.COM ')).toBe('ana.smith@example.com');
    expect(isValidEmail(' ana@example.com ')).toBe(true);
  });

  it('requires a string and caps the length at 254', () => {
    expect(firstMessage(email.safeParse(undefined))).toBe('Email is required');
    expect(email.safeParse(`${'a'.repeat(245)}@example.com`).success).toBe(false);
    expect(EMAIL_PATTERN.test('a@b.co')).toBe(true);
  });
});

describe('password rule', () => {
  it('takes 8 to 128 characters', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
    expect(password.safeParse('a'.repeat(8)).success).toBe(true);
    expect(password.safeParse('a'.repeat(128)).success).toBe(true);
  });

  it('explains what is wrong', () => {
    expect(firstMessage(password.safeParse('a'.repeat(7)))).toBe('Password must be at least 8 characters');
    expect(firstMessage(password.safeParse('a'.repeat(129)))).toBe('Password must be at most 128 characters');
    expect(firstMessage(password.safeParse(undefined))).toBe('Password is required');
  });
});

describe('phone rule', () => {
  it.each(['1', '+1', '5551234567', '+442071838750', '+123456789012345', '(555) 123-4567', '+1 555 123 4567'])('accepts %s', (value) => {
    expect(isValidPhone(value)).toBe(true);
  });

  it.each(['', '+', '0', '+0123', '0555123456', '1234567890123456', '+1234567890123456', '++1', '555-CALL', '1+2'])(
    'rejects %j',
    (value) => {
      expect(isValidPhone(value)).toBe(false);
    },
  );

  it('is optional plus, 1-15 digits, first not 0', () => {
    expect(PHONE_PATTERN.test('+9')).toBe(true);
    expect(PHONE_PATTERN.test('9'.repeat(15))).toBe(true);
    expect(PHONE_PATTERN.test('9'.repeat(16))).toBe(false);
  });
});

describe('url rule', () => {
  it.each(['https://example.com', 'http://localhost:3000/a?b=c#d', 'https://sub.example.co.uk/path'])('accepts %s', (value) => {
    expect(isValidUrl(value)).toBe(true);
  });

  it.each(['', 'example.com', 'http://', 'ftp://example.com', 'javascript:alert(1)', 'mailto:a@b.com', 'not a url'])(
    'rejects %j',
    (value) => {
      expect(isValidUrl(value)).toBe(false);
    },
  );
});

describe('date rule', () => {
  it.each(['2024-02-29', '2024-03-05T10:15:00Z', '2024-03-05T10:15:30.123+02:00', '2024-03-05T10:15', '1999-12-31'])(
    'accepts ISO text %s',
    (value) => {
      expect(isValidDate(value)).toBe(true);
    },
  );

  it('accepts valid Dates and timestamps', () => {
    expect(isValidDate(new Date())).toBe(true);
    expect(isValidDate(0)).toBe(true);
    expect(isValidDate(Date.UTC(2024, 0, 1))).toBe(true);
  });

  it.each([
    '',
    'hello',
    'hello 1',
    '1',
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-1-5',
    '03/05/2024',
    '2024-03-05T25:00',
  ])('rejects %j', (value) => {
    expect(isValidDate(value)).toBe(false);
  });

  it('rejects invalid Dates, NaN and non-dates', () => {
    expect(isValidDate(new Date('nope'))).toBe(false);
    expect(isValidDate(Number.NaN)).toBe(false);
    expect(isValidDate(8.64e15 + 1)).toBe(false);
    expect(isValidDate(null)).toBe(false);
    expect(isValidDate(undefined)).toBe(false);
    expect(isValidDate({})).toBe(false);
  });
});

describe('enum rule', () => {
  const colours = ['red', 'green'] as const;
  it('accepts only listed strings', () => {
    expect(isEnumValue(colours, 'red')).toBe(true);
    expect(isEnumValue(colours, 'Red')).toBe(false);
    expect(isEnumValue(colours, 'blue')).toBe(false);
    expect(isEnumValue(colours, null)).toBe(false);
    expect(isEnumValue(colours, 1)).toBe(false);
  });
});

describe('personName', () => {
  const firstName = personName('First name');
  it('trims and requires a value', () => {
    expect(firstName.parse('  Ana ')).toBe('Ana');
    expect(firstMessage(firstName.safeParse('   '))).toBe('First name is required');
    expect(firstMessage(firstName.safeParse(undefined))).toBe('First name is required');
  });

  it('caps the length at 100', () => {
    expect(firstName.safeParse('a'.repeat(100)).success).toBe(true);
    expect(firstMessage(firstName.safeParse('a'.repeat(101)))).toBe('First name must be at most 100 characters');
  });

  const invisible =
    'First name contains invisible characters (text-direction or zero-width) that change how it reads: type it again without them';
  it.each([
    ['a right-to-left override', 'Ad\u202Enim'],
    ['a left-to-right isolate', '\u2066Admin\u2069'],
    ['a right-to-left mark', 'Admin\u200F'],
    ['a zero-width space', 'Ad\u200Bmin'],
    ['a word joiner', 'Ad\u2060min'],
    ['a byte-order mark inside', 'Ad\uFEFFmin'],
    ['a zero-width joiner between Latin letters', 'Ad\u200Dmin'],
    ['a zero-width non-joiner at the end', 'Admin\u200C'],
  ])('refuses %s, saying why', (_why, value) => {
    expect(firstMessage(firstName.safeParse(value))).toBe(invisible);
    expect(firstMessage(optionalPersonName('First name').safeParse(value))).toBe(invisible);
  });

  it('keeps names in every script, and the joiners where Persian and Indic names need them', () => {
    for (const name of ['José', 'Ólafur', 'Nguyễn', '李', 'Андрей', 'محمد', 'मनोज', 'O’Brien-Smith'])
      expect(firstName.parse(name)).toBe(name);
    // Persian writes a zero-width non-joiner between letters of some names; Devanagari uses the joiner in conjuncts.
    expect(firstName.parse('مهر\u200Cناز')).toBe('مهر\u200Cناز');
    expect(firstName.parse('क्\u200Dष')).toBe('क्\u200Dष');
    expect(invisibleCharacters('photo\u202Egnp.exe')).toBe('text-direction');
    expect(invisibleCharacters('report\u200B.pdf')).toBe('zero-width');
    expect(invisibleCharacters('report.pdf')).toBeNull();
  });
});

describe('search suggestions (§5)', () => {
  it('suggest only after more than 2 characters', () => {
    expect(SEARCH_MIN_CHARS).toBe(3);
    expect(shouldSuggest('ab')).toBe(false);
    expect(shouldSuggest('  ab  ')).toBe(false);
    expect(shouldSuggest('abc')).toBe(true);
  });
});
