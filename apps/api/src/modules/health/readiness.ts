import type { Clock } from '../../lib/clock.ts';

/** A successful database check answers readiness this long without another look. */
export const READINESS_FRESH_MS = 1_000;
/** Up to this age a success still answers at once while a new check runs in the background. */
export const READINESS_STALE_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;

/**
 * The readiness check behind GET /health. Concurrent calls share one database ping; a success answers for
 * READINESS_FRESH_MS, and up to READINESS_STALE_MS it still answers at once while the next ping runs in the
 * background, so probes never queue behind the application's own queries (PGlite runs one query at a time; on
 * PostgreSQL a probe would wait for a pooled connection). A failed ping is never reused: from then on every call
 * waits for a fresh ping, so an outage shows within seconds and recovery at once.
 */
export function createReadiness(ping: () => Promise<void>, clock: Clock) {
  let lastOk = Number.NEGATIVE_INFINITY;
  let failing = false;
  let inFlight: Promise<void> | null = null;

  function check(): Promise<void> {
    inFlight ??= withTimeout(ping(), PING_TIMEOUT_MS)
      .then(
        () => {
          lastOk = clock.now().getTime();
          failing = false;
        },
        (error: unknown) => {
          failing = true;
          throw error;
        },
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  return async function ready(): Promise<void> {
    const age = clock.now().getTime() - lastOk;
    if (age < READINESS_FRESH_MS) return;
    if (age < READINESS_STALE_MS && !failing) {
      check().catch(() => {}); // the next call sees the failure and waits for its own check
      return;
    }
    return check();
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
