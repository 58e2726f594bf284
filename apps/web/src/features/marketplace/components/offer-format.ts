import { formatDate } from '@tessera/domain';

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** Percent fields are stored in percent units (12.5 means 12.5 %) and shown divided by 100 as a percent (002 §9); '-' when unset. */
export function formatOfferPercent(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? percentFormat.format(value / 100) : '-';
}

/** Periods in months carry the suffix ' months' (001 §9). */
export function formatMonths(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${value} months` : '-';
}

/** Offer dates as 'MMM DD, YYYY' (001 §2 progress card). */
export const OFFER_DATE_FORMAT = 'MMM DD, YYYY';
export const formatOfferDate = (value: string | null | undefined) => formatDate(value, OFFER_DATE_FORMAT);
