/**
 * What every section reads the same way: positive numbers from the environment, the length of a measured run, and
 * `--quick`'s loose margins.
 */

export function positive(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

/** Seconds of each measured run under `--quick`, unless BENCH_DURATION says otherwise. */
export const QUICK_DURATION_SECONDS = 1;

/** Seconds of warm-up before each measured run under `--quick` (load.ts runs fractions of a second as asked). */
export const QUICK_WARMUP_SECONDS = 0.5;

/**
 * BENCH_DURATION, else the section's full length (or QUICK_DURATION_SECONDS), and a warm-up of a fifth of it (1–3 s;
 * QUICK_WARMUP_SECONDS under `--quick`: a 1 s run on small data needs no more to reach its steady state).
 */
export function runLength(quick: boolean, fullSeconds: number): { duration: number; warmup: number } {
  const duration = positive('BENCH_DURATION', quick ? QUICK_DURATION_SECONDS : fullSeconds);
  const warmup = quick && !process.env.BENCH_DURATION?.trim() ? QUICK_WARMUP_SECONDS : Math.min(3, Math.max(1, Math.round(duration / 5)));
  return { duration, warmup };
}

/**
 * `--quick`'s margins: runs of a couple of seconds on small data swing widely, so a quick run fails only on a clear
 * regression. A latency bound is doubled, a share of the bare route halved; sizes and scores that do not depend on
 * the run's length (JavaScript transferred, accessibility) keep their targets.
 */
export const QUICK_MARGIN = { latency: 2, share: 0.5 } as const;

export const looseMs = (bound: number, quick: boolean) => (quick ? bound * QUICK_MARGIN.latency : bound);
export const looseShare = (share: number, quick: boolean) => (quick ? share * QUICK_MARGIN.share : share);

/**
 * The server `api`, `marketplace` and `parse` share in a quick run (server-process.ts keeps it by this environment):
 * the demo tenant with 1,000 generated marketplace offers. Starting the app is most of a quick section's time.
 */
export const QUICK_MARKETPLACE_OFFERS = 1_000;
export const QUICK_SERVER_ENV: Record<string, string> = { BENCH_OFFERS: String(QUICK_MARKETPLACE_OFFERS), BENCH_DATA: 'marketplace' };

export function progress(text: string): void {
  process.stdout.write(`  ${text}\n`);
}
