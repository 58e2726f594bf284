/**
 * Number formats of the public offer pages. Kept off the domain's format module, which brings dayjs: the offer
 * page's first load stays within its budget (scripts/check-budget.mjs).
 */
const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const currencyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Percent fields are stored in percent units (12.5 means 12.5 %) and shown divided by 100 as a percent (002 §9); '-' when unset. */
export function formatOfferPercent(value: number | null | undefined): string {
  return isNumber(value) ? percentFormat.format(value / 100) : '-';
}

/** Whole dollars: '$25,000'; '-' when unset. */
export function formatOfferMoney(value: number | null | undefined): string {
  return isNumber(value) ? currencyFormat.format(value) : '-';
}

/** Periods in months carry the suffix ' months' (001 §9). */
export function formatMonths(value: number | null | undefined): string {
  return isNumber(value) ? `${value} months` : '-';
}

/** Multiples with one decimal: '1.8x'. */
export function formatOfferMultiple(value: number | null | undefined): string {
  return isNumber(value) ? `${value.toFixed(1)}x` : '-';
}

/** Offer dates as 'MMM DD, YYYY' (001 §2 progress card), with the domain's formatDate. */
export const OFFER_DATE_FORMAT = 'MMM DD, YYYY';
