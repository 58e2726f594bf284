import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAuthResult, makeUser } from '../test/fixtures.ts';
import { formatChartTick, formatDate, formatDateTime, formatRelativeOrDate, useDateFormats } from './format.ts';
import { formatMoney, formatPercent } from './format-number.ts';
import { sessionStore } from './session/session-store.ts';

const signInWith = (dateFormat: string | null, timeFormat: string | null = null) =>
  sessionStore.signIn({ ...makeAuthResult(), user: makeUser({ dateFormat, timeFormat }) });

// Local noon, so the date is the same in any time zone the tests run in.
const NOV_25 = new Date(2026, 10, 25, 12, 0, 0);

describe('formatDate and friends follow the signed-in user (issue #17, item 7)', () => {
  afterEach(() => sessionStore.signOut('user'));

  it("writes the spec's default for a visitor and for a user who chose no format", () => {
    expect(formatDate(NOV_25)).toBe('Nov 25, 2026');
    signInWith(null);
    expect(formatDate(NOV_25)).toBe('Nov 25, 2026');
    expect(formatDate(NOV_25, 'MMM DD, YYYY')).toBe('Nov 25, 2026');
    expect(formatDate(null)).toBe('-');
  });

  it("writes the user's date and time formats", () => {
    signInWith('YYYY.MM.DD', 'HH:mm:ss A');
    expect(formatDate(NOV_25)).toBe('2026.11.25');
    expect(formatDate(NOV_25, 'MMM DD, YYYY')).toBe('2026.11.25');
    expect(formatDateTime(NOV_25)).toBe('2026.11.25 12:00:00 PM');
    expect(formatRelativeOrDate(NOV_25, new Date(2027, 0, 1))).toBe('2026.11.25');
    signInWith('M/D/YYYY');
    expect(formatDate('2026-01-05T12:00:00')).toBe('1/5/2026');
  });

  it("writes chart ticks in the user's formats, without the year where the scale does not need it", () => {
    expect(formatChartTick('2026-11-25T00:00:00.000Z', 'day')).toBe('Nov 25');
    expect(formatChartTick('2026-11-01T00:00:00.000Z', 'month')).toBe('Nov 2026');
    expect(formatChartTick('2026-11-25T15:00:00.000Z', 'hour')).toBe('3 PM');
    signInWith('YYYY.MM.DD');
    expect(formatChartTick('2026-11-25T00:00:00.000Z', 'day')).toBe('11.25');
    expect(formatChartTick('2026-11-01T00:00:00.000Z', 'month')).toBe('2026.11');
    signInWith('M/D/YYYY');
    expect(formatChartTick('2026-11-25T00:00:00.000Z', 'day')).toBe('11/25');
    expect(formatChartTick('2026-11-01T00:00:00.000Z', 'month')).toBe('11/2026');
  });

  it('re-renders a subscriber when the preference changes', () => {
    function Shown() {
      useDateFormats();
      return <p>{formatDate(NOV_25)}</p>;
    }
    render(<Shown />);
    expect(screen.getByText('Nov 25, 2026')).toBeInTheDocument();
    act(() => signInWith('YYYY.MM.DD'));
    expect(screen.getByText('2026.11.25')).toBeInTheDocument();
  });
});

describe('formatMoney and formatPercent (000 §5)', () => {
  it('write amounts with $ and thousands separators and percents with %', () => {
    expect(formatMoney(1_000_000)).toBe('$1,000,000');
    expect(formatMoney(null)).toBe('-');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(null)).toBe('-');
  });
});
