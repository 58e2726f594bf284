import countries from 'i18n-iso-countries';
import { parse } from 'mrz';
import type { IdentityFields } from './identity-provider.ts';

/**
 * A passport's machine-readable zone (ICAO 9303 part 4, TD3: two lines of 44 characters) from OCR text: finding the
 * lines, repairing what OCR commonly confuses where a check digit confirms the repair, parsing with `mrz`, and the
 * fields in our words. Pure functions; the OCR itself is `mrz-ocr.ts`.
 */

const LENGTH = 44;

/** Letters OCR reads in place of digits (in fields that can only hold digits). */
const LETTER_TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', T: '7', B: '8' };
/** Pairs OCR confuses both ways in an alphanumeric field (the document number). */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'O',
  O: '0',
  '1': 'I',
  I: '1',
  '8': 'B',
  B: '8',
  '5': 'S',
  S: '5',
  '2': 'Z',
  Z: '2',
  '6': 'G',
  G: '6',
};

function charValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  return 0;
}

/** ICAO 9303 check digit (weights 7, 3, 1). */
export function checkDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += charValue(text.charAt(i)) * (weights[i % 3] ?? 1);
  return String(sum % 10);
}

/** Makes a line 44 long by growing or shrinking its longest run of fillers (OCR drops or adds a `<` in a run). */
function fitLength(line: string): string | null {
  if (line.length === LENGTH) return line;
  const runs = [...line.matchAll(/<{2,}/g)].sort((a, b) => b[0].length - a[0].length);
  const run = runs[0];
  if (!run || run.index === undefined) return null;
  const length = run[0].length + LENGTH - line.length;
  if (length < 1) return null;
  return line.slice(0, run.index) + '<'.repeat(length) + line.slice(run.index + run[0].length);
}

/** The two TD3 lines in OCR text (spaces dropped, lengths fitted), or null when there are none. */
export function findTd3Lines(text: string): [string, string] | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, '').toUpperCase())
    .filter((line) => line.length >= LENGTH - 4 && line.length <= LENGTH + 4);
  for (let i = 0; i + 1 < lines.length; i++) {
    const first = lines[i] ?? '';
    if (!/^P[A-Z<][A-Z<]{3}/.test(first)) continue;
    const line1 = fitLength(first);
    const line2 = fitLine2(lines[i + 1] ?? '');
    if (line1 && line2 && /^[A-Z0-9<]{9}[0-9A-Z<]/.test(line2)) return [line1, line2];
  }
  return null;
}

/**
 * Line 2 made 44 long: a character OCR added (or dropped) is taken out (or a filler put in) where exactly one such
 * change makes every check digit verify; otherwise the longest run of fillers is fitted.
 */
function fitLine2(line: string): string | null {
  if (line.length === LENGTH) return line;
  const candidates = new Set<string>();
  if (line.length === LENGTH + 1) for (let i = 0; i < line.length; i++) candidates.add(line.slice(0, i) + line.slice(i + 1));
  if (line.length === LENGTH - 1) for (let i = 0; i <= line.length; i++) candidates.add(`${line.slice(0, i)}<${line.slice(i)}`);
  // Two changes may lead to one line (dropping the "B" of "B8", or the "8" and reading the "B" as 8): one line counts.
  const confirmed = new Map<string, string>();
  for (const candidate of candidates) {
    const repaired = repairLine2(candidate).line;
    if (wellFormed(repaired) && allCheckDigitsValid(repaired) && !confirmed.has(repaired)) confirmed.set(repaired, candidate);
  }
  const [only] = confirmed.values();
  return confirmed.size === 1 && only ? only : fitLength(line);
}

/** Line 2's check-digit-protected fields: [start, end) of the value and the check digit's position. */
const PROTECTED = {
  documentNumber: { start: 0, end: 9, check: 9, numeric: false, label: 'document number' },
  birthDate: { start: 13, end: 19, check: 19, numeric: true, label: 'birth date' },
  expiryDate: { start: 21, end: 27, check: 27, numeric: true, label: 'expiry date' },
} as const;

const COMPOSITE_SPAN = (line2: string) => line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43);
const compositeValid = (line2: string) => checkDigit(COMPOSITE_SPAN(line2)) === line2.charAt(43);

function fieldValid(line2: string, field: (typeof PROTECTED)[keyof typeof PROTECTED]): boolean {
  return checkDigit(line2.slice(field.start, field.end)) === line2.charAt(field.check);
}

/** Line 2's layout: digits, letters and fillers where TD3 puts them, and a nationality that exists (no check digit covers it). */
function wellFormed(line2: string): boolean {
  return /^[A-Z0-9<]{9}[0-9][A-Z<]{3}[0-9]{7}[MFX<][0-9]{7}[A-Z0-9<]{14}[0-9<][0-9]$/.test(line2) && knownState(line2.slice(10, 13));
}

function allCheckDigitsValid(line2: string): boolean {
  return Object.values(PROTECTED).every((field) => fieldValid(line2, field)) && compositeValid(line2);
}

function replaceAt(text: string, index: number, char: string): string {
  return text.slice(0, index) + char + text.slice(index + 1);
}

/**
 * Repairs OCR confusions in line 2 only where a check digit confirms them: a letter in a digits-only field (dates,
 * check digits) becomes the digit it resembles when the field's check digit then verifies; look-alikes in the
 * document number are swapped when exactly one combination verifies both its check digit and the composite one.
 * Returns the line and, for each repair, a sentence for the reviewer.
 */
export function repairLine2(line2: string): { line: string; repairs: string[] } {
  let line = line2;
  const repairs: string[] = [];
  const describe = (from: string, to: string, label: string) =>
    `Read "${from}" as "${to}" in the ${label}: its check digit confirms the correction.`;
  for (const field of Object.values(PROTECTED)) {
    if (fieldValid(line, field)) continue;
    if (field.numeric) {
      let candidate = line;
      for (let i = field.start; i <= field.check; i++) {
        const digit = LETTER_TO_DIGIT[candidate.charAt(i)];
        if (digit) candidate = replaceAt(candidate, i, digit);
      }
      if (candidate !== line && fieldValid(candidate, field)) {
        repairs.push(describe(line.slice(field.start, field.check + 1), candidate.slice(field.start, field.check + 1), field.label));
        line = candidate;
      }
      continue;
    }
    // The document number holds letters and digits: try every combination of look-alike swaps (few positions).
    const positions = [];
    for (let i = field.start; i <= field.check; i++) if (LOOK_ALIKES[line.charAt(i)]) positions.push(i);
    if (positions.length === 0 || positions.length > 8) continue;
    // The fewest swaps win (OCR errs rarely); a tie between equally small repairs is left alone.
    let best: string[] = [];
    let fewest = Number.POSITIVE_INFINITY;
    for (let mask = 1; mask < 1 << positions.length; mask++) {
      let candidate = line;
      let swaps = 0;
      positions.forEach((position, bit) => {
        if (!(mask & (1 << bit))) return;
        candidate = replaceAt(candidate, position, LOOK_ALIKES[candidate.charAt(position)] ?? '');
        swaps++;
      });
      if (swaps > fewest || !/^[0-9]$/.test(candidate.charAt(field.check))) continue;
      if (!fieldValid(candidate, field) || !compositeValid(candidate)) continue;
      if (swaps < fewest) best = [];
      fewest = swaps;
      best.push(candidate);
    }
    if (best.length === 1 && best[0]) {
      repairs.push(describe(line.slice(field.start, field.check + 1), best[0].slice(field.start, field.check + 1), field.label));
      line = best[0];
    }
  }
  // The optional-data and composite check digits are digits too.
  for (const position of [42, 43]) {
    const digit = LETTER_TO_DIGIT[line.charAt(position)];
    if (!digit || (position === 42 && line.charAt(position) === '<')) continue;
    const candidate = replaceAt(line, position, digit);
    if (compositeValid(candidate) && !compositeValid(line)) {
      repairs.push(describe(line.charAt(position), digit, position === 43 ? 'composite check digit' : 'optional data check digit'));
      line = candidate;
    }
  }
  return { line, repairs };
}

const CHECK_DIGIT_POSITIONS = [
  { position: 9, label: 'the document number check digit' },
  { position: 19, label: 'the birth date check digit' },
  { position: 27, label: 'the expiry date check digit' },
  { position: 42, label: 'the optional data check digit' },
  { position: 43, label: 'the composite check digit' },
];

/** One check digit's result, for the reviewer. */
export interface CheckDigitResult {
  label: string;
  valid: boolean;
  error?: string;
}

export interface Td3Reading {
  lines: [string, string];
  fields: Partial<IdentityFields>;
  checkDigits: CheckDigitResult[];
  repairs: string[];
  /** Check digits OCR read as something no check digit can be (a letter), after repair: misread, not wrong. */
  unreadableCheckDigits: string[];
  /** True when the name field is full (no filler left): the MRZ may have cut the given names short. */
  nameTruncated: boolean;
}

/** ICAO codes that are not ISO 3166 alpha-3. */
const ICAO_STATES: Record<string, string> = { D: 'DE', GBD: 'GB', GBN: 'GB', GBO: 'GB', GBP: 'GB', GBS: 'GB', RKS: 'XK' };

/** Codes for the stateless, refugees and the United Nations, which ISO 3166 lacks. */
const NON_STATES = new Set(['UNO', 'UNA', 'UNK', 'XXA', 'XXB', 'XXC', 'XXX', 'EUE', 'XOM', 'XPO', 'XES', 'XMP', 'XCC', 'XBA', 'XIM']);
const knownState = (code: string) => NON_STATES.has(code) || alpha2(code) !== undefined;

function alpha2(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  const trimmed = code.replace(/</g, '');
  return ICAO_STATES[trimmed] ?? countries.alpha3ToAlpha2(trimmed) ?? undefined;
}

function isoDate(yymmdd: string | null | undefined, today: string, kind: 'birth' | 'expiry'): string | undefined {
  if (!yymmdd || !/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = yymmdd.slice(2, 4);
  const dd = yymmdd.slice(4, 6);
  const thisYear = Number(today.slice(0, 4));
  // A birth date is never in the future; an expiry is at most a few decades ahead.
  let year = 2000 + yy;
  if (kind === 'birth' && `${year}-${mm}-${dd}` > today) year -= 100;
  if (kind === 'expiry' && year > thisYear + 50) year -= 100;
  const iso = `${year}-${mm}-${dd}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

const SEX = { male: 'M', female: 'F', nonspecified: 'X' } as const;

/** Parses the two lines (after repair) into our fields and the check digits' verdicts. */
export function readTd3(lines: [string, string], today: string): Td3Reading {
  const { line: line2, repairs } = repairLine2(lines[1]);
  const line1 = lines[0];
  const result = parse([line1, line2]);
  const f = result.fields;
  const checkDigits = result.details
    .filter((d) => d.field?.endsWith('CheckDigit'))
    .map((d) => ({ label: d.label, valid: d.valid, ...(d.error ? { error: d.error } : {}) }));
  const sex = f.sex ? SEX[f.sex as keyof typeof SEX] : undefined;
  const fields: Partial<IdentityFields> = {
    documentType: 'passport',
    ...(f.firstName ? { firstName: f.firstName } : {}),
    ...(f.lastName ? { lastName: f.lastName } : {}),
    ...(f.documentNumber ? { documentNumber: f.documentNumber.replace(/</g, '') } : {}),
  };
  const birthDate = isoDate(f.birthDate, today, 'birth');
  const expiryDate = isoDate(f.expirationDate, today, 'expiry');
  if (birthDate) fields.birthDate = birthDate;
  if (expiryDate) fields.expiryDate = expiryDate;
  const issuing = alpha2(line1.slice(2, 5));
  const nationality = alpha2(line2.slice(10, 13));
  if (issuing) fields.issuingCountry = issuing;
  if (nationality) fields.nationality = nationality;
  if (sex) fields.sex = sex;
  const unreadableCheckDigits = CHECK_DIGIT_POSITIONS.filter(
    ({ position }) => !/[0-9]/.test(line2.charAt(position)) && !(position === 42 && line2.charAt(42) === '<'),
  ).map(({ position, label }) => `${label} ("${line2.charAt(position)}")`);
  return { lines: [line1, line2], fields, checkDigits, repairs, unreadableCheckDigits, nameTruncated: !line1.endsWith('<') };
}
