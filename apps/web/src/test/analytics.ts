import type { AnalyticsEventInput } from '@tessera/domain';
import { pendingEvents } from '../lib/analytics-queue.ts';

/**
 * Every analytics event the page recorded: those already posted through the test's fetch mock (a call to action is
 * sent at once, #25) followed by those still queued.
 */
export function recordedEvents(): AnalyticsEventInput[] {
  const fetchMock = globalThis.fetch as unknown as { mock?: { calls: [unknown, RequestInit | undefined][] } };
  const sent = (fetchMock.mock?.calls ?? [])
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === '/api/v1/analytics' && init?.body !== undefined)
    .flatMap(([, init]) => [JSON.parse(String(init!.body)) as AnalyticsEventInput | AnalyticsEventInput[]].flat());
  return [...sent, ...pendingEvents()];
}
