import {
  billingIntervalLabels,
  type BillingInterval,
  type BillingPlan,
  type InvoiceLine,
  type PaidPlan,
  type ProrationPreview,
} from '@tessera/domain';
import { planOf, type PricingConfig } from '../../lib/payments/pricing.ts';

/**
 * The billing arithmetic, pure (no clock, no database): periods and proration. Money is integer cents.
 *
 * Periods: a monthly period ends on the same day of the next calendar month at the same time (UTC), clamped to that
 * month's last day (Jan 31 → Feb 28, or Feb 29 in a leap year); a yearly one a year later (Feb 29 → Feb 28). Each
 * period is computed from the start of the one before, so a clamped day stays clamped (Jan 31 → Feb 28 → Mar 28).
 *
 * Proration is by whole seconds: the unused share of the current period is `remaining / length` seconds, and an
 * amount's share is rounded to the nearest cent, halves up (integer arithmetic, no floating point):
 * `round(amount × remaining / length) = floor((2 × amount × remaining + length) / (2 × length))`.
 */

const clampDay = (year: number, month: number, day: number) => Math.min(day, new Date(Date.UTC(year, month + 1, 0)).getUTCDate());

/** The end of a period of `interval` starting at `start` (see above). */
export function addInterval(start: Date, interval: BillingInterval): Date {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const [year, month] = interval === 'month' ? [m === 11 ? y + 1 : y, (m + 1) % 12] : [y + 1, m];
  const day = clampDay(year, month, start.getUTCDate());
  return new Date(
    Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()),
  );
}

/** `amount × part / whole`, rounded to the nearest cent, halves up; part and whole in seconds, 0 ≤ part ≤ whole. */
export function share(amount: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  const sign = amount < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(amount) * part + whole) / (2 * whole));
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/** The moment a change takes effect: the clock to the whole second, so a preview and the change agree to the cent. */
export const toSecond = (at: Date) => new Date(seconds(at.getTime()) * 1000);

export interface CurrentPlan {
  plan: BillingPlan;
  interval: BillingInterval;
  /** Set while a paid plan's period runs; a trial (or ended trial, canceled plan) has none that counts. */
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  creditBalance: number;
  /** Whether the current plan is paid for and running (active or past due): only then does its unused time count. */
  running: boolean;
}

export interface PlanChangeQuote extends Omit<ProrationPreview, 'effectiveAt' | 'periodStart' | 'periodEnd'> {
  effectiveAt: Date;
  periodStart: Date;
  periodEnd: Date;
  /** Credit balance taken off this invoice. */
  creditUsed: number;
  /** charge − credit: what the change costs before the credit balance (negative for a downgrade). */
  subtotal: number;
}

const planLabel = (pricing: PricingConfig, plan: BillingPlan, interval: BillingInterval) =>
  `${planOf(pricing, plan).name} (${billingIntervalLabels[interval].toLowerCase()})`;

function line(description: string, amount: number, start: Date | null, end: Date | null): InvoiceLine {
  return {
    description,
    quantity: 1,
    unitAmount: amount,
    amount,
    periodStart: start?.toISOString() ?? null,
    periodEnd: end?.toISOString() ?? null,
  };
}

/**
 * What moving to `plan`/`interval` at `now` costs. One function for the preview (GET …/plan/proration) and the change
 * (PUT …/plan), so they agree to the cent.
 * - From a trial (or no running paid plan): a new period starting now, charged in full.
 * - Same interval, mid-period: the period stays; credit for the current plan's unused time, charge for the new plan's.
 * - Another interval: a new period starting now, charged in full, with credit for the current plan's unused time.
 * The credit balance (from earlier downgrades) pays what it can of the rest; a downgrade (charge < credit) invoices
 * nothing and adds the difference to the credit balance.
 */
export function quotePlanChange(
  pricing: PricingConfig,
  current: CurrentPlan,
  target: { plan: PaidPlan; interval: BillingInterval },
  nowAt: Date,
): PlanChangeQuote {
  const now = toSecond(nowAt);
  const newPrice = planOf(pricing, target.plan).prices[target.interval];
  const lines: InvoiceLine[] = [];
  const running =
    current.running && current.plan !== 'trial' && current.currentPeriodStart && current.currentPeriodEnd && current.currentPeriodEnd > now;
  let credit = 0;
  let charge: number;
  let periodStart: Date;
  let periodEnd: Date;
  if (running) {
    const start = current.currentPeriodStart!;
    const end = current.currentPeriodEnd!;
    const length = seconds(end.getTime() - start.getTime());
    const remaining = Math.min(length, Math.max(0, seconds(end.getTime() - now.getTime())));
    credit = share(planOf(pricing, current.plan).prices[current.interval], remaining, length);
    if (credit > 0) lines.push(line(`Unused time on ${planLabel(pricing, current.plan, current.interval)}`, -credit, now, end));
    if (target.interval === current.interval) {
      periodStart = start;
      periodEnd = end;
      charge = share(newPrice, remaining, length);
      lines.push(line(`Remaining time on ${planLabel(pricing, target.plan, target.interval)}`, charge, now, end));
    } else {
      periodStart = now;
      periodEnd = addInterval(now, target.interval);
      charge = newPrice;
      lines.push(line(planLabel(pricing, target.plan, target.interval), charge, periodStart, periodEnd));
    }
  } else {
    periodStart = now;
    periodEnd = addInterval(now, target.interval);
    charge = newPrice;
    lines.push(line(planLabel(pricing, target.plan, target.interval), charge, periodStart, periodEnd));
  }
  const subtotal = charge - credit;
  const creditUsed = subtotal > 0 ? Math.min(current.creditBalance, subtotal) : 0;
  if (creditUsed > 0) lines.push(line('Credit applied', -creditUsed, null, null));
  const total = subtotal > 0 ? subtotal - creditUsed : 0;
  const creditAfter = subtotal > 0 ? current.creditBalance - creditUsed : current.creditBalance - subtotal;
  return {
    fromPlan: current.plan,
    fromInterval: current.interval,
    plan: target.plan,
    interval: target.interval,
    currency: pricing.currency,
    effectiveAt: now,
    periodStart,
    periodEnd,
    lines,
    credit,
    charge,
    subtotal,
    creditUsed,
    total,
    creditAfter,
  };
}

export interface RenewalQuote {
  periodStart: Date;
  periodEnd: Date;
  lines: InvoiceLine[];
  subtotal: number;
  creditUsed: number;
  total: number;
  creditAfter: number;
}

/** The invoice of the period after one that ended: the plan's full price, less what the credit balance covers. */
export function quoteRenewal(
  pricing: PricingConfig,
  plan: PaidPlan,
  interval: BillingInterval,
  previousEnd: Date,
  creditBalance: number,
): RenewalQuote {
  const periodStart = previousEnd;
  const periodEnd = addInterval(previousEnd, interval);
  const subtotal = planOf(pricing, plan).prices[interval];
  const creditUsed = Math.min(creditBalance, subtotal);
  const lines = [line(planLabel(pricing, plan, interval), subtotal, periodStart, periodEnd)];
  if (creditUsed > 0) lines.push(line('Credit applied', -creditUsed, null, null));
  return { periodStart, periodEnd, lines, subtotal, creditUsed, total: subtotal - creditUsed, creditAfter: creditBalance - creditUsed };
}

/** The preview as the API shows it. */
export function toPreview(q: PlanChangeQuote): ProrationPreview {
  return {
    fromPlan: q.fromPlan,
    fromInterval: q.fromInterval,
    plan: q.plan,
    interval: q.interval,
    currency: q.currency,
    effectiveAt: q.effectiveAt.toISOString(),
    periodStart: q.periodStart.toISOString(),
    periodEnd: q.periodEnd.toISOString(),
    lines: q.lines,
    credit: q.credit,
    charge: q.charge,
    total: q.total,
    creditAfter: q.creditAfter,
  };
}
