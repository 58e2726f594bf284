// The one place the web app writes an amount, a percent or a multiple (issue #17, item 6; 000 §5): '$1,000,000',
// '12.5%', '1.8x', '-' when unset. The domain's offer formatters, shared with the server's first paint of the public
// offer pages, so a table, a card and an offer page read the same; kept apart from format.ts (dayjs and the session)
// because the public offer page loads these first (apps/web/scripts/check-budget.mjs). Features never call
// Intl.NumberFormat or toLocaleString themselves (format-usage.test.ts fails on that).
export {
  formatMonths,
  formatOfferMoney as formatMoney,
  formatOfferMultiple as formatMultiple,
  formatOfferPercent as formatPercent,
} from '@tessera/domain';

// Made on first use, not when the module loads: a browser's first Intl number format sets up its locale data (tens of
// milliseconds on a phone), which does not belong in the evaluation of every page that imports this file.
let count: Intl.NumberFormat | undefined;
/** A count with thousands separators: '12,480' (dashboards, #25). */
export function formatCount(value: number): string {
  count ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return count.format(value);
}
