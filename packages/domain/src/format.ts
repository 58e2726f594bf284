import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';

dayjs.extend(relativeTime);

const isNil = (v: unknown): v is null | undefined => v === null || v === undefined;
/** Null, undefined, NaN and ±Infinity have no sensible numeric text. */
const isFiniteNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Currency: '$1,234.50'; '-' for null; decimals optional (default 2). */
export function formatCurrency(value: number | null | undefined, options: { decimals?: number; currency?: string } = {}): string {
  if (!isFiniteNumber(value)) return '-';
  const decimals = options.decimals ?? 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: options.currency ?? 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** Percent with 2 decimals; '-' for null, zero or NaN. The value is already in percent units. */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  if (!isFiniteNumber(value) || value === 0) return '-';
  return `${value.toFixed(decimals)}%`;
}

/** Multiples with 1 decimal: '1.8x'; '-' for null or NaN. */
export function formatMultiple(value: number | null | undefined): string {
  if (!isFiniteNumber(value)) return '-';
  return `${value.toFixed(1)}x`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const sizeText = (value: number, unit: number) => (unit === 0 ? String(Math.round(value)) : value.toFixed(value < 10 ? 1 : 0));
/** Binary sizes: '512 B', '1.5 KB', '12 MB'; one decimal below 10. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (!isFiniteNumber(bytes) || bytes < 0) return '-';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding can carry into the next unit: 1023.9 KB prints as 1.0 MB, not 1024 KB.
  if (Number(sizeText(value, unit)) >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeText(value, unit)} ${SIZE_UNITS[unit]}`;
}

export const DATE_FORMATS = ['YYYY.MM.DD', 'M/D/YYYY', 'MMM D, YYYY', 'MMMM DD, YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const TIME_FORMATS = ['h:mm A', 'h:mm:ss A', 'HH:mm:ss A'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'MMM D, YYYY';
export const DEFAULT_TIME_FORMAT: TimeFormat = 'h:mm A';

type DateInput = string | number | Date | null | undefined;

export function formatDate(value: DateInput, format: string = DEFAULT_DATE_FORMAT): string {
  if (isNil(value)) return '-';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : '-';
}

export function formatDateTime(
  value: DateInput,
  dateFormat: string = DEFAULT_DATE_FORMAT,
  timeFormat: string = DEFAULT_TIME_FORMAT,
): string {
  if (isNil(value)) return '-';
  const d = dayjs(value);
  return d.isValid() ? d.format(`${dateFormat} ${timeFormat}`) : '-';
}

export const RELATIVE_TIME_DAYS = 7;
/** Dates within 7 days read as relative time ('3 hours ago'); older ones as a full date. */
export function formatRelativeOrDate(value: DateInput, now: DateInput = new Date(), format: string = DEFAULT_DATE_FORMAT): string {
  if (isNil(value)) return '-';
  const d = dayjs(value);
  if (!d.isValid()) return '-';
  const reference = dayjs(now ?? new Date());
  if (Math.abs(reference.diff(d, 'day', true)) < RELATIVE_TIME_DAYS) return d.from(reference);
  return d.format(format);
}
