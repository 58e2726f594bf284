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

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** A count with thousands separators: '12,480' (dashboards, #25). */
export function formatCount(value: number): string {
  return COUNT.format(value);
}
