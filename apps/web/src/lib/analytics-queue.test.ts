import { ANALYTICS_BATCH_MAX, ANALYTICS_FLUSH_MS } from '@tessera/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEvent } from './analytics.ts';
import { discardEvents, flushEvents, pendingEvents, queueEvent } from './analytics-queue.ts';
import { sessionStore } from './session/session-store.ts';
import { makeAuthResult } from '../test/fixtures.ts';

const context = { userId: null, tenantId: 'a1a1a1a1a1a1a1a1a1a1a1a1', appType: 'platform' } as const;
const OFFER = 'b2b2b2b2b2b2b2b2b2b2b2b2';

function answered(ids: (string | null)[]) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ data: { ids, recorded: ids.filter(Boolean).length, dropped: { invalid: 0, bot: 0, duplicate: 0 } } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

/** jsdom's Blob has no text(). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** jsdom has no sendBeacon: one of the test's own, removed after each test. */
function stubBeacon(beacon: (url: string, body: Blob) => boolean) {
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
}

// The worker's other files may have left events queued (isolate: false).
beforeEach(() => {
  discardEvents();
  sessionStore.signOut('user');
});
afterEach(() => {
  discardEvents();
  sessionStore.signOut('user');
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.useRealTimers();
});

describe('the analytics queue', () => {
  it('sends a signed-out visitor’s queue by sendBeacon when the page is left', async () => {
    const fetch = answered([]);
    const beacon = vi.fn((_url: string, _body: Blob) => true);
    stubBeacon(beacon);
    queueEvent(buildEvent('document-view', context, { offer: OFFER }));
    expect(beacon).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pagehide'));

    await vi.waitFor(() => expect(beacon).toHaveBeenCalledTimes(1));
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/v1/analytics');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await readText(blob))).toMatchObject([{ type: 'document-view', offer: OFFER }]);
    expect(fetch).not.toHaveBeenCalled();
    expect(pendingEvents()).toEqual([]);
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon, and uses one for a signed-in member', async () => {
    const fetch = answered(['c3c3c3c3c3c3c3c3c3c3c3c3']);
    const beacon = vi.fn((_url: string, _body: Blob) => false);
    stubBeacon(beacon);
    queueEvent(buildEvent('document-view', context, { offer: OFFER }));
    await flushEvents({ leaving: true });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });

    // A beacon cannot carry the bearer token: a member's events keep it, in a keepalive fetch.
    sessionStore.signIn(makeAuthResult());
    queueEvent(buildEvent('document-view', context, { offer: OFFER }));
    await flushEvents({ leaving: true });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]).toMatchObject({ keepalive: true, headers: { Authorization: expect.stringMatching(/^Bearer /) } });
  });

  it(`sends a batch after ${ANALYTICS_FLUSH_MS} ms as an ordinary request, or at once when ${ANALYTICS_BATCH_MAX} are queued`, async () => {
    vi.useFakeTimers();
    const fetch = answered(['c3c3c3c3c3c3c3c3c3c3c3c3']);
    queueEvent(buildEvent('document-download', context, { offer: OFFER }));
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1]).not.toHaveProperty('keepalive');

    for (let i = 0; i < ANALYTICS_BATCH_MAX; i++) queueEvent(buildEvent('impression', context, { offer: OFFER }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toHaveLength(ANALYTICS_BATCH_MAX);
    expect(pendingEvents()).toEqual([]);
  });

  it('sends a call to action at once, with what was queued before it', async () => {
    const fetch = answered(['c3c3c3c3c3c3c3c3c3c3c3c3', 'd4d4d4d4d4d4d4d4d4d4d4d4']);
    queueEvent(buildEvent('impression', context, { offer: OFFER }));
    queueEvent(buildEvent('cta', context, { offer: OFFER, meta: { cta: 'invest-now' } }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject([{ type: 'impression' }, { type: 'cta' }]);
  });
});
