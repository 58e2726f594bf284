import { describe, expect, it } from 'vitest';
import { formatOfferMoney, formatOfferPercent } from './offer-format.ts';

// The formats the offer pages showed with Intl.NumberFormat, which offer-format.ts writes out by hand.
const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** A fixed pseudo-random sequence (mulberry32), so a failure names a value that fails again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sampleValues(): number[] {
  const next = random(20261124);
  const values = [
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    1.5,
    2.5,
    0.145,
    1.005,
    2.675,
    12.345,
    99.995,
    999.5,
    999_999.5,
    1e21,
    1.5e21,
    1e-7,
    123e-20,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_VALUE,
    1e300,
  ];
  for (let i = 0; i < 4000; i++) {
    const magnitude = 10 ** Math.floor(next() * 16 - 6);
    const value = next() * magnitude;
    // Plain draws, and values with few decimals, which land on the rounding ties the format has to get right.
    const decimals = Math.floor(next() * 5);
    const tie = Number(value.toFixed(decimals)) + 5 * 10 ** -(decimals + 1);
    values.push(value, -value, tie, -tie);
  }
  return values;
}

// Thousands of samples each: seconds on a loaded two-core machine.
describe('offer number formats', { timeout: 30_000 }, () => {
  it('write percents as Intl.NumberFormat does', () => {
    for (const value of sampleValues()) expect(formatOfferPercent(value), String(value)).toBe(percent.format(value / 100));
  });

  it('write whole dollars as Intl.NumberFormat does', () => {
    for (const value of sampleValues()) expect(formatOfferMoney(value), String(value)).toBe(money.format(value));
  });

  it('give a dash without a number', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatOfferPercent(value)).toBe('-');
      expect(formatOfferMoney(value)).toBe('-');
    }
  });

  it('read as the offer pages show them', () => {
    expect(formatOfferPercent(12.5)).toBe('12.5%');
    expect(formatOfferPercent(8)).toBe('8%');
    expect(formatOfferMoney(25_000)).toBe('$25,000');
    expect(formatOfferMoney(-1_234.5)).toBe('-$1,235');
  });
});
