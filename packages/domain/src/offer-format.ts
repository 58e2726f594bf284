import type { MarketplaceOfferCard } from './marketplace.ts';
import type { ListingStatus } from './offer.ts';

/**
 * What the public offer pages print (001 §2, 002 §9): their number formats, the card metrics and the status badge's
 * colour. Shared by the web app and by the server's first paint of those pages (apps/api first-screen*.ts), so the
 * HTML painted before the app runs reads exactly as the app's own render. Kept off format.ts, which brings dayjs:
 * the offer page's first load stays within its budget (apps/web/scripts/check-budget.mjs).
 */
const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const currencyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** Percent fields are stored in percent units (12.5 means 12.5 %) and shown divided by 100 as a percent (002 §9); '-' when unset. */
export function formatOfferPercent(value: number | null | undefined): string {
  return isNumber(value) ? percentFormat.format(value / 100) : '-';
}

/** Whole dollars: '$25,000'; cents add nothing to a minimum ticket. '-' when unset. */
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

/** The three card metrics of an offer card or showcase slide (001 §2, 002 §9), as label and value pairs. */
export function offerCardMetricItems(offer: Pick<MarketplaceOfferCard, 'minimumInvestment' | 'targetIrr' | 'equityMultiple'>): { label: string; value: string }[] {
  return [
    { label: 'Min. Investment', value: formatOfferMoney(offer.minimumInvestment) },
    { label: 'Target IRR', value: formatOfferPercent(offer.targetIrr) },
    { label: 'Avg. Equity Mult.', value: formatOfferMultiple(offer.equityMultiple) },
  ];
}

/** The colour of an offer's listing status badge (a palette colour, as MUI names them); open offers show none (002 §4). */
export const listingStatusColors = { upcoming: 'info', closed: 'default', none: 'default', open: 'success' } as const satisfies Record<ListingStatus, string>;
