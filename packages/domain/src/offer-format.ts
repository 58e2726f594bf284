import type { MarketplaceOfferCard } from './marketplace.ts';
import type { ListingStatus } from './offer.ts';

/**
 * What the public offer pages print (001 §2, 002 §9): their number formats, the card metrics and the status badge's
 * colour. Shared by the web app and by the server's first paint of those pages (apps/api first-screen*.ts), so the
 * HTML painted before the app runs reads exactly as the app's own render. Kept off format.ts, which brings dayjs:
 * the offer page's first load stays within its budget (apps/web/scripts/check-budget.mjs).
 *
 * Written out rather than with Intl.NumberFormat, and identical to its en-US output (offer-format.test.ts compares
 * them): the first NumberFormat a page creates loads ICU's number data, 15–70 ms of one task in Chromium before the
 * offer list or an offer could render (four times that on a mid-range phone), for two fixed formats.
 */
const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Adds one unit in the last place of a string of digits: '0999' → '1000', '99' → '100'. */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * `value` times 10^shift in en-US digits: grouped by thousands, at most `maxFraction` decimals, rounded half away
 * from zero, trailing zeros dropped, '-' before negatives and negative zero. Like ICU, it starts from the shortest
 * decimal that reads back as the same double (what String(value) writes), so 0.145 rounds to 0.15 where
 * toFixed(2) gives 0.14.
 */
function decimal(value: number, shift: number, maxFraction: number): { sign: string; text: string } {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [mantissa = '', exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  // Where the decimal point falls in `digits`, after scaling.
  let point = whole.length + Number(exponent) + shift;
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  digits = digits.padEnd(point, '0');
  let kept = digits.slice(0, point + maxFraction);
  if ((digits[point + maxFraction] ?? '0') >= '5') {
    const rounded = increment(kept);
    if (rounded.length > kept.length) point += 1;
    kept = rounded;
  }
  const integer = kept.slice(0, point).replace(/^0+(?=\d)/, '') || '0';
  const decimals = kept.slice(point).replace(/0+$/, '');
  return { sign, text: integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (decimals ? `.${decimals}` : '') };
}

/** Percent fields are stored in percent units (12.5 means 12.5 %) and shown divided by 100 as a percent (002 §9); '-' when unset. */
export function formatOfferPercent(value: number | null | undefined): string {
  if (!isNumber(value)) return '-';
  // Divided first, as before: the rounding starts from the decimal of value / 100, the number a percent format is given.
  const { sign, text } = decimal(value / 100, 2, 2);
  return `${sign}${text}%`;
}

/** Whole dollars: '$25,000'; '-' when unset. */
export function formatOfferMoney(value: number | null | undefined): string {
  if (!isNumber(value)) return '-';
  const { sign, text } = decimal(value, 0, 0);
  return `${sign}$${text}`;
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
export function offerCardMetricItems(
  offer: Pick<MarketplaceOfferCard, 'minimumInvestment' | 'targetIrr' | 'equityMultiple'>,
): { label: string; value: string }[] {
  return [
    { label: 'Min. Investment', value: formatOfferMoney(offer.minimumInvestment) },
    { label: 'Target IRR', value: formatOfferPercent(offer.targetIrr) },
    { label: 'Avg. Equity Mult.', value: formatOfferMultiple(offer.equityMultiple) },
  ];
}

/** The colour of an offer's listing status badge (a palette colour, as MUI names them); open offers show none (002 §4). */
export const listingStatusColors = { upcoming: 'info', closed: 'default', none: 'default', open: 'success' } as const satisfies Record<
  ListingStatus,
  string
>;
