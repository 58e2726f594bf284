import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PII_FIELDS } from '../src/lib/pii.ts';

/**
 * The PII scan that runs with every API test file (test/pii-scan-setup.ts): each test app logs at debug level into
 * memory, and at the end of the file every captured log line (request URLs included), every analytics event and
 * every timeline event is searched for the classified values the file wrote: the sentinels the factories seed
 * (`registerPii`) and every classified value found in the database when the app closes (decrypted). A hit fails
 * the file that leaked.
 */

interface Tracked {
  app: FastifyInstance;
  lines: string[];
  /** Text of analytics_events and timeline_events, and the classified values in the database, read before it is dropped. */
  snapshot?: { events: string[]; values: Map<string, string> };
}

interface ScanState {
  apps: Tracked[];
  /** Seeded values and what they are ('ssn', 'account-number', …). */
  sentinels: Map<string, string>;
}

// One state per test file: vitest gives every file a fresh module graph, and the setup file shares it.
const state: ScanState = { apps: [], sentinels: new Map() };

/** Values shorter than this (in letters and digits) are too common to scan for without false alarms. */
const MIN_SIGNIFICANT = 6;

/** Registers seeded PII values so the scan looks for them even if the test deletes them again. */
export function registerPii(kind: string, ...values: string[]): void {
  for (const value of values) state.sentinels.set(value, kind);
}

/** A pino destination keeping every line in memory. */
export function captureLogs(): { lines: string[]; stream: { write(line: string): void } } {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

export function trackApp(app: FastifyInstance, lines: string[]): Tracked {
  const tracked: Tracked = { app, lines };
  state.apps.push(tracked);
  return tracked;
}

const rowsOf = async (app: FastifyInstance, query: string) =>
  ((await app.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

function tryDecrypt(app: FastifyInstance, stored: string): string | null {
  try {
    return app.cipher.decrypt(stored);
  } catch {
    return null;
  }
}

/** Reads the events and the classified values while the database is still there (the app's close calls it first). */
export async function snapshot(tracked: Tracked): Promise<void> {
  if (tracked.snapshot) return;
  const { app } = tracked;
  const events = (
    await rowsOf(app, `select to_jsonb(t)::text as row from analytics_events t union all select to_jsonb(t)::text from timeline_events t`)
  ).map((r) => String(r.row));
  const values = new Map<string, string>();
  for (const field of PII_FIELDS) {
    if (!('table' in field.store) || field.atRest === 'file storage') continue;
    const rows = await rowsOf(
      app,
      `select "${field.store.column}"::text as v from "${field.store.table}" where "${field.store.column}" is not null`,
    );
    for (const { v } of rows) {
      // A value under a key this app does not hold (a rotation test's new key) is skipped, not guessed at.
      const value = field.atRest === 'encrypted' ? tryDecrypt(app, String(v)) : String(v);
      if (value) values.set(value, field.name);
    }
  }
  tracked.snapshot = { events, values };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The patterns a value can appear as: as written, and its letters and digits alone (not inside a longer run). */
/** Past this length a scanned value is looked for by its first LONG_PREFIX characters. */
const LONG_VALUE = 200;
const LONG_PREFIX = 120;

function patternsOf(value: string): RegExp[] {
  const compact = value.replace(/[^0-9a-z]/gi, '');
  const patterns = [new RegExp(`(?<![0-9A-Za-z])${escape(value)}(?![0-9A-Za-z])`)];
  if (compact !== value && compact.length >= MIN_SIGNIFICANT)
    patterns.push(new RegExp(`(?<![0-9A-Za-z])${escape(compact)}(?![0-9A-Za-z])`));
  return patterns;
}

/** Where each scanned value appears in the captured logs and events: one line per leak. */
export function findLeaks(tracked: Tracked): string[] {
  const values = new Map([...state.sentinels, ...(tracked.snapshot?.values ?? [])]);
  const sources: [string, string[]][] = [
    ['log', tracked.lines],
    ['event', tracked.snapshot?.events ?? []],
  ];
  const leaks: string[] = [];
  for (const [value, kind] of values) {
    if (value.replace(/[^0-9a-z]/gi, '').length < MIN_SIGNIFICANT) continue;
    // A long value (the text parsed from a document, issue #21) is looked for by its opening words: a regular
    // expression of a whole 100 KB text is too large to build, and a leak of the text would carry its beginning.
    const patterns = patternsOf(value.length > LONG_VALUE ? value.slice(0, LONG_PREFIX).trimEnd() : value);
    for (const [source, texts] of sources) {
      const hit = texts.find((text) => patterns.some((p) => p.test(text)));
      if (hit) leaks.push(`${kind} '${value}' in ${source}: ${hit.trim().slice(0, 400)}`);
    }
  }
  return leaks;
}

/** Run after every test file: snapshots any app the file left open, scans every app, forgets them. */
export async function scanTrackedApps(): Promise<string[]> {
  const leaks: string[] = [];
  for (const tracked of state.apps) {
    if (!tracked.snapshot) await snapshot(tracked).catch(() => {});
    leaks.push(...findLeaks(tracked));
  }
  state.apps.length = 0;
  state.sentinels.clear();
  return leaks;
}
