import {
  type DashboardScale,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  formatDate as formatDateAs,
  formatDateTime as formatDateTimeAs,
  formatRelativeOrDate as formatRelativeOrDateAs,
} from '@tessera/domain';
import { useSyncExternalStore } from 'react';
import { sessionStore } from './session/session-store.ts';

// The one place the web app writes a date (issue #17, item 7): in the signed-in user's date and time format (000 §3,
// Settings → Time and Date format), or the spec's default (000 §9) for a visitor who is not signed in, public offer
// pages included: a tenant has no date format of its own. Read when called, so a grid's column formatter defined once
// per module follows the preference too; a component that stays on screen while it changes subscribes with
// useDateFormats(). Features never call dayjs or toLocale…String themselves (format-usage.test.ts fails on that).
// Amounts and percents are written by format-number.ts.

/** A date in a format the caller names: only where the format itself is what is shown (the format picker). */
export { formatDateAs };

type DateInput = string | number | Date | null | undefined;

interface DateFormats {
  /** The user's chosen date format; null when they chose none (or nobody is signed in). */
  preferred: string | null;
  date: string;
  time: string;
}

let cachedUser: unknown;
let cached: DateFormats = { preferred: null, date: DEFAULT_DATE_FORMAT, time: DEFAULT_TIME_FORMAT };
/** The signed-in user's formats; the same object while the user is unchanged, as useSyncExternalStore wants. */
function currentFormats(): DateFormats {
  const { user } = sessionStore.getState();
  if (user !== cachedUser) {
    cachedUser = user;
    const preferred = user?.dateFormat || null;
    cached = { preferred, date: preferred ?? DEFAULT_DATE_FORMAT, time: user?.timeFormat || DEFAULT_TIME_FORMAT };
  }
  return cached;
}

/** The signed-in user's date and time formats; re-renders the caller when they change. */
export function useDateFormats(): DateFormats {
  return useSyncExternalStore(sessionStore.subscribe, currentFormats);
}

/**
 * A date in the user's format: '2026.11.25', 'Nov 25, 2026'…; '-' when unset or unreadable. `fallback` is the format a
 * screen's spec names for someone who chose none (the offer pages' 'MMM DD, YYYY').
 */
export function formatDate(value: DateInput, fallback: string = DEFAULT_DATE_FORMAT): string {
  return formatDateAs(value, currentFormats().preferred ?? fallback);
}

/** A date and time in the user's formats: '2026.11.25 3:04 PM'. */
export function formatDateTime(value: DateInput): string {
  const { date, time } = currentFormats();
  return formatDateTimeAs(value, date, time);
}

/** '3 hours ago' within a week, otherwise the date in the user's format. */
export function formatRelativeOrDate(value: DateInput, now: DateInput = new Date()): string {
  return formatRelativeOrDateAs(value, now, currentFormats().date);
}

/** The user's formats cut down to a chart tick: 'MM.DD', 'M/YYYY', 'h A'. */
const TICK_FORMATS: Record<DashboardScale, (f: DateFormats) => string> = {
  hour: (f: DateFormats) => f.time.replace(/:mm(:ss)?/, ''),
  day: (f: DateFormats) => f.date.replace(/[,./\s-]*YYYY[./-]?/, '').trim(),
  month: (f: DateFormats) => f.date.replace(/[./\s]?D{1,2},?/, ''),
};

/** A chart tick for a bucket start, in the user's formats. Buckets are UTC, as the server counts them. */
export function formatChartTick(bucket: string, scale: DashboardScale): string {
  const d = new Date(bucket);
  if (Number.isNaN(d.getTime())) return '-';
  // The same wall-clock time in local time, so the local formatter writes the UTC hour and day.
  const wall = new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours());
  return formatDateAs(wall, TICK_FORMATS[scale](currentFormats()));
}
