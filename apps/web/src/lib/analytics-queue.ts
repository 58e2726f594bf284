import { ANALYTICS_BATCH_MAX, ANALYTICS_FLUSH_MS, type AnalyticsEventInput, type AnalyticsEventType } from '@tessera/domain';
import { postAnalytics } from './analytics.ts';

/**
 * Batches analytics events from the client (#25; impressions come by the dozen as cards scroll into view): events
 * wait up to ANALYTICS_FLUSH_MS (5 s), or until a batch of ANALYTICS_BATCH_MAX (50) is full, and go in one POST; the
 * queue is also flushed when the page is hidden (sendBeacon, or a keepalive fetch for a signed-in member: see
 * postAnalytics), so a visitor who clicks away or closes the tab does not lose the events of the page they leave.
 * A call to action goes at once with what is queued: it makes the signed-in visitor a lead, which must not wait.
 * Failures are dropped: analytics never breaks a user's action.
 */
const FLUSH_DELAY_MS = ANALYTICS_FLUSH_MS;
const SEND_AT_ONCE: ReadonlySet<AnalyticsEventType> = new Set(['cta']);

let queue: AnalyticsEventInput[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

export function queueEvent(event: AnalyticsEventInput): void {
  queue.push(event);
  listen();
  if (queue.length >= ANALYTICS_BATCH_MAX || SEND_AT_ONCE.has(event.type)) void flushEvents();
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
