import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '../../lib/payments/pricing.ts';
import { addInterval, quotePlanChange, quoteRenewal, share, toSecond, type CurrentPlan } from './proration.ts';

const at = (iso: string) => new Date(iso);
const core = DEFAULT_PRICING.plans.find((p) => p.plan === 'core')!.prices;
const pro = DEFAULT_PRICING.plans.find((p) => p.plan === 'pro')!.prices;

const running = (plan: 'core' | 'pro', interval: 'month' | 'year', start: string, creditBalance = 0): CurrentPlan => {
  const s = at(start);
  return { plan, interval, currentPeriodStart: s, currentPeriodEnd: addInterval(s, interval), creditBalance, running: true };
};
const trial: CurrentPlan = {
  plan: 'trial',
  interval: 'month',
  currentPeriodStart: null,
  currentPeriodEnd: null,
  creditBalance: 0,
  running: false,
};

describe('periods', () => {
  it('ends a month on the same day and time of the next month, clamped to its last day', () => {
    expect(addInterval(at('2026-01-15T09:30:00Z'), 'month').toISOString()).toBe('2026-02-15T09:30:00.000Z');
    expect(addInterval(at('2026-01-31T12:00:00Z'), 'month').toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(addInterval(at('2028-01-31T12:00:00Z'), 'month').toISOString()).toBe('2028-02-29T12:00:00.000Z');
    expect(addInterval(at('2026-03-31T00:00:00Z'), 'month').toISOString()).toBe('2026-04-30T00:00:00.000Z');
    expect(addInterval(at('2026-12-31T23:59:59Z'), 'month').toISOString()).toBe('2027-01-31T23:59:59.000Z');
    // Each period from the start of the one before: a clamped day stays clamped.
    expect(addInterval(addInterval(at('2026-01-31T00:00:00Z'), 'month'), 'month').toISOString()).toBe('2026-03-28T00:00:00.000Z');
  });

  it('ends a year a year later; Feb 29 goes to Feb 28', () => {
    expect(addInterval(at('2026-11-27T10:00:00Z'), 'year').toISOString()).toBe('2027-11-27T10:00:00.000Z');
    expect(addInterval(at('2028-02-29T10:00:00Z'), 'year').toISOString()).toBe('2029-02-28T10:00:00.000Z');
  });
});

describe('share', () => {
  it('rounds to the nearest cent, halves up, in integers', () => {
    expect(share(100, 1, 2)).toBe(50);
    expect(share(1, 1, 2)).toBe(1); // 0.5 → 1
    expect(share(1, 1, 3)).toBe(0); // 0.33 → 0
    expect(share(2, 1, 3)).toBe(1); // 0.67 → 1
    expect(share(49_900, 0, 100)).toBe(0);
    expect(share(49_900, 100, 100)).toBe(49_900);
    expect(share(149_900, 1, 0)).toBe(0);
  });
});

describe('quotePlanChange', () => {
  it('from the trial: a new period from now, charged in full', () => {
    const now = at('2026-11-27T09:30:00.400Z');
    const q = quotePlanChange(DEFAULT_PRICING, trial, { plan: 'core', interval: 'month' }, now);
    expect(q.effectiveAt.toISOString()).toBe('2026-11-27T09:30:00.000Z');
    expect(q.periodStart).toEqual(toSecond(now));
    expect(q.periodEnd.toISOString()).toBe('2026-12-27T09:30:00.000Z');
    expect(q).toMatchObject({ credit: 0, charge: core.month, total: core.month, creditAfter: 0, fromPlan: 'trial' });
    expect(q.lines).toEqual([expect.objectContaining({ description: 'Core (monthly)', amount: core.month })]);
    const yearly = quotePlanChange(DEFAULT_PRICING, trial, { plan: 'pro', interval: 'year' }, now);
    expect(yearly).toMatchObject({ charge: pro.year, total: pro.year });
    expect(yearly.periodEnd.toISOString()).toBe('2027-11-27T09:30:00.000Z');
  });

  it('upgrades mid-month by the second: credit for the unused time, charge for the rest, on the same period', () => {
    // A 30-day period (Nov 27 → Dec 27), 15 days left: exactly half.
    const current = running('core', 'month', '2026-11-27T00:00:00Z');
    const q = quotePlanChange(DEFAULT_PRICING, current, { plan: 'pro', interval: 'month' }, at('2026-12-12T00:00:00Z'));
    expect(q).toMatchObject({ credit: 24_950, charge: 74_950, total: 50_000, creditAfter: 0 });
    expect(q.periodStart.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(q.periodEnd.toISOString()).toBe('2026-12-27T00:00:00.000Z');
    expect(q.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Unused time on Core (monthly)', -24_950],
      ['Remaining time on Pro (monthly)', 74_950],
    ]);
  });

  it('rounds each share to the cent: one second of a February period', () => {
    // Feb 2026 has 28 days: 2,419,200 s. One second left of Pro monthly (149,900 c) is 0.06 c → 0.
    const current = running('core', 'month', '2026-01-31T00:00:00Z'); // ends Feb 28
    expect(current.currentPeriodEnd!.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    const length = (current.currentPeriodEnd!.getTime() - current.currentPeriodStart!.getTime()) / 1000;
    const now = new Date(current.currentPeriodEnd!.getTime() - 1000 * 1000); // 1000 s left
    const q = quotePlanChange(DEFAULT_PRICING, current, { plan: 'pro', interval: 'month' }, now);
    expect(q.credit).toBe(Math.floor((2 * core.month * 1000 + length) / (2 * length)));
    expect(q.charge).toBe(Math.floor((2 * pro.month * 1000 + length) / (2 * length)));
    expect(q.total).toBe(q.charge - q.credit);
  });

  it('prorates a leap-year February and a leap year by their real length', () => {
    const feb = running('core', 'month', '2028-02-01T00:00:00Z'); // 29 days
    const mid = new Date(Date.UTC(2028, 1, 1) + 14.5 * 86_400_000); // half of 29 days
    const q = quotePlanChange(DEFAULT_PRICING, feb, { plan: 'pro', interval: 'month' }, mid);
    expect(q).toMatchObject({ credit: share(core.month, 1, 2), charge: share(pro.month, 1, 2) });
    const year = running('core', 'year', '2028-01-01T00:00:00Z'); // 366 days
    const q2 = quotePlanChange(DEFAULT_PRICING, year, { plan: 'pro', interval: 'year' }, at('2028-07-02T00:00:00Z')); // 183 days in
    expect(q2).toMatchObject({ credit: core.year / 2, charge: pro.year / 2, total: (pro.year - core.year) / 2 });
  });

  it('downgrades without an invoice: the difference goes to the credit balance', () => {
    const current = running('pro', 'month', '2026-11-27T00:00:00Z', 1_000);
    const q = quotePlanChange(DEFAULT_PRICING, current, { plan: 'core', interval: 'month' }, at('2026-12-12T00:00:00Z'));
    expect(q).toMatchObject({ credit: 74_950, charge: 24_950, subtotal: -50_000, total: 0, creditUsed: 0, creditAfter: 51_000 });
  });

  it('takes the credit balance off an upgrade, and keeps what is left', () => {
    const current = running('core', 'month', '2026-11-27T00:00:00Z', 60_000);
    const q = quotePlanChange(DEFAULT_PRICING, current, { plan: 'pro', interval: 'month' }, at('2026-12-12T00:00:00Z'));
    expect(q).toMatchObject({ subtotal: 50_000, creditUsed: 50_000, total: 0, creditAfter: 10_000 });
    expect(q.lines.at(-1)).toMatchObject({ description: 'Credit applied', amount: -50_000 });
    const small = quotePlanChange(
      DEFAULT_PRICING,
      { ...current, creditBalance: 20_000 },
      { plan: 'pro', interval: 'month' },
      at('2026-12-12T00:00:00Z'),
    );
    expect(small).toMatchObject({ total: 30_000, creditAfter: 0 });
  });

  it('to another interval: a new period from now, the unused time credited', () => {
    const current = running('core', 'month', '2026-11-27T00:00:00Z');
    const q = quotePlanChange(DEFAULT_PRICING, current, { plan: 'core', interval: 'year' }, at('2026-12-12T00:00:00Z'));
    expect(q).toMatchObject({ credit: 24_950, charge: core.year, total: core.year - 24_950 });
    expect(q.periodStart.toISOString()).toBe('2026-12-12T00:00:00.000Z');
    expect(q.periodEnd.toISOString()).toBe('2027-12-12T00:00:00.000Z');
  });

  it('treats an ended period or a stopped plan as no running plan', () => {
    const ended = running('core', 'month', '2026-10-01T00:00:00Z');
    const q = quotePlanChange(DEFAULT_PRICING, ended, { plan: 'pro', interval: 'month' }, at('2026-12-12T00:00:00Z'));
    expect(q).toMatchObject({ credit: 0, charge: pro.month });
    const canceled = { ...running('core', 'month', '2026-12-01T00:00:00Z'), running: false };
    expect(quotePlanChange(DEFAULT_PRICING, canceled, { plan: 'pro', interval: 'month' }, at('2026-12-12T00:00:00Z')).credit).toBe(0);
  });
});

describe('quoteRenewal', () => {
  it('invoices the next period in full, less the credit balance', () => {
    const q = quoteRenewal(DEFAULT_PRICING, 'core', 'month', at('2026-01-31T00:00:00Z'), 10_000);
    expect(q.periodEnd.toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(q).toMatchObject({ subtotal: core.month, creditUsed: 10_000, total: core.month - 10_000, creditAfter: 0 });
  });
});
