import { ANALYTICS_BATCH_MAX, type AnalyticsEventInput } from '@tessera/domain';
import { postAnalytics } from './analytics.ts';

/**
 * Batches analytics events from the client (impressions come by the dozen as cards scroll into view): events
 * wait up to `FLUSH_DELAY_MS`, or until a batch is full, and go in one POST; the queue is also flushed when the
 * page is hidden, with `keepalive`, so a visitor who clicks away or closes the tab does not lose the events of the
 * page they leave. Failures are dropped: analytics never breaks a user's action.
 */
const FLUSH_DELAY_MS = 2000;

let queue: AnalyticsEventInput[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

export function queueEvent(event: AnalyticsEventInput): void {
  queue.push(event);
  listen();
  if (queue.length >= ANALYTICS_BATCH_MAX) void flushEvents();
  else timer ??= setTimeout(() => void flushEvents(), FLUSH_DELAY_MS);
}

/**
 * Sends what is queued now, in batches of at most 50; resolves once the posts settle. `leaving`: the page is being
 * hidden or unloaded (the posts must outlive it).
 */
export async function flushEvents({ leaving = false } = {}): Promise<void> {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const pending = queue;
  queue = [];
  const batches: AnalyticsEventInput[][] = [];
  for (let i = 0; i < pending.length; i += ANALYTICS_BATCH_MAX) batches.push(pending.slice(i, i + ANALYTICS_BATCH_MAX));
  await Promise.all(batches.map((batch) => postAnalytics(batch, { leaving }).catch(() => undefined)));
}

/** Queued events not yet sent (tests). */
export function pendingEvents(): readonly AnalyticsEventInput[] {
  return queue;
}

/** Drops what is queued without sending it (tests: each starts with an empty queue). */
export function discardEvents(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  queue = [];
}

function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushEvents({ leaving: true });
  });
  window.addEventListener('pagehide', () => void flushEvents({ leaving: true }));
}
