import type { Clock } from '../../lib/clock.ts';

/** How long a successful database check answers readiness: probes and load balancers poll every few seconds. */
export const READINESS_FRESH_MS = 1_000;
const PING_TIMEOUT_MS = 2_000;

/**
 * The readiness check behind GET /health. Concurrent calls share one database ping, and a success is reused for
 * READINESS_FRESH_MS, so a burst of probes never queues behind the application's own queries (on PostgreSQL a
 * probe would otherwise wait for a free pooled connection). A failure is never reused: the next call pings again,
 * so recovery shows at once.
 */
export function createReadiness(ping: () => Promise<void>, clock: Clock) {
  let okUntil = 0;
  let inFlight: Promise<void> | null = null;
  return async function ready(): Promise<void> {
    if (clock.now().getTime() < okUntil) return;
    inFlight ??= withTimeout(ping(), PING_TIMEOUT_MS)
      .then(() => {
        okUntil = clock.now().getTime() + READINESS_FRESH_MS;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
