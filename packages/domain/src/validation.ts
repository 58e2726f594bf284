import { z } from 'zod';

/** §5: a value is empty when it is null, undefined, '-', '- -' or blank text. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed === '' || trimmed === '-' || trimmed === '- -';
}

/** Local part, '@', then two or more dot-separated domain labels, none of them empty. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const EMAIL_ERROR = 'Enter a valid email address';
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}
export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, EMAIL_ERROR)
  .transform((v) => v.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Phone: optional plus, 1 to 15 digits, the first not 0. */
export const PHONE_PATTERN = /^\+?[1-9]\d{0,14}$/;
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s()-]/g, ''));
}
/** The phone rule over the text as typed (spaces, brackets and dashes anywhere): what a request schema publishes. */
export const PHONE_INPUT_PATTERN = /^[\s()-]*(?:\+[\s()-]*)?[1-9](?:[\s()-]*\d){0,14}[\s()-]*$/;

export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
/** An http(s) address with a host, as a request schema publishes it (letters of the scheme in either case). */
export const HTTP_URL_PATTERN = /^\s*[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/?#]+(?:[/?#]\S*)?\s*$/;
export const URL_ERROR = 'Enter a full web address starting with http:// or https://';
/** A full http(s) web address: the pattern states the rule in the published schema, the URL parser has the last word. */
export const httpUrl = (message = URL_ERROR) =>
  z
    .string()
    .regex(HTTP_URL_PATTERN, message)
    // Once: the parser's verdict only where the pattern passed.
    .refine((v) => !HTTP_URL_PATTERN.test(v) || isValidUrl(v), message)
    .meta({ format: 'uri' });

/** §5's empty values as a request may send them: '', '-', '- -' or blank text. */
export const EMPTY_TEXT_PATTERN = /^\s*(?:-|- -)?\s*$/;
// abort: a union of a field's rule and this reports the field's own message, not "Invalid input".
const emptyText = z.string().regex(EMPTY_TEXT_PATTERN, { abort: true });

/**
 * A field that may be left empty, published as what it takes: a value `inner` accepts, an §5 empty value or null.
 * Empty values are read as null, text is trimmed. `message` replaces zod's "Invalid input" when no option fits
 * (needed when `inner` is an enumeration).
 */
export function orEmpty(inner: z.ZodType<string, string>, message?: string) {
  return z
    .union([inner, emptyText, z.null()], message ? { error: (issue) => (issue.code === 'invalid_union' ? message : undefined) } : undefined)
    .transform((v) => (v === null || isEmptyValue(v) ? null : v.trim()));
}

/** ISO 8601 calendar date, optionally followed by a time and a zone. */
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A Date, a timestamp or an ISO date text naming a real calendar day. Text is held to ISO because
 * `new Date(text)` accepts almost anything ('hello 1') and rolls '2024-02-30' over into March.
 */
export function isValidDate(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value === 'number') return !Number.isNaN(new Date(value).getTime());
  if (typeof value !== 'string') return false;
  const match = ISO_DATE_PATTERN.exec(value.trim());
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  const realDay = calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  return realDay && !Number.isNaN(new Date(value.trim()).getTime());
}

export function isEnumValue<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

/**
 * Characters that change how text reads without being seen. Text-direction controls (the embeddings, overrides and
 * isolates U+202A–202E and U+2066–2069, and the marks U+200E, U+200F, U+061C) reorder it: 'photo\u202Egnp.exe' reads
 * as 'photoexe.png'. Zero-width characters (U+200B, U+2060, U+FEFF, U+180E) hide inside it, so 'Ad\u200Bmin' looks
 * like 'Admin' and is not equal to it.
 */
const TEXT_DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
const ZERO_WIDTH = /[\u200b\u2060\ufeff\u180e]/;
/**
 * The zero-width joiners (U+200C, U+200D) are part of how Persian, Arabic and Indic names are written, between two
 * letters of those scripts; anywhere else (at an edge, beside a Latin letter) they only hide.
 */
const STRAY_JOINER =
  /(?<![\p{L}\p{M}])[\u200c\u200d]|[\u200c\u200d](?![\p{L}\p{M}])|\p{Script=Latin}[\u200c\u200d]|[\u200c\u200d]\p{Script=Latin}/u;

/** Which kind of invisible character the text holds, if any: the one rule for names of people and of files. */
export function invisibleCharacters(text: string): 'text-direction' | 'zero-width' | null {
  if (TEXT_DIRECTION_CONTROLS.test(text)) return 'text-direction';
  if (ZERO_WIDTH.test(text) || STRAY_JOINER.test(text)) return 'zero-width';
  return null;
}
export const invisibleCharactersError = (label: string) =>
  `${label} contains invisible characters (text-direction or zero-width) that change how it reads: type it again without them`;

/** The rule every name of a person follows on top of its length: no invisible characters. */
const visibleName = <T extends z.ZodType<string | null | undefined>>(schema: T, label: string) =>
  schema.refine((v) => !v || invisibleCharacters(v) === null, invisibleCharactersError(label));

export const personName = (label: string) =>
  visibleName(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(100, `${label} must be at most 100 characters`),
    label,
  );

/** A name that may be left out (a middle name, a display name): trimmed, at most `max` characters, no invisible characters. */
export const optionalPersonName = (label: string, max = 100) =>
  visibleName(z.string().trim().max(max, `${label} must be at most ${max} characters`), label);

/** Search boxes only suggest after more than 2 characters. */
export const SEARCH_MIN_CHARS = 3;
export function shouldSuggest(query: string): boolean {
  return query.trim().length >= SEARCH_MIN_CHARS;
}
