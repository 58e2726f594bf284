import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildEvent } from './analytics.ts';
import { discardEvents, pendingEvents, queueEvent } from './analytics-queue.ts';

const context = { userId: null, tenantId: 'a1a1a1a1a1a1a1a1a1a1a1a1', appType: 'platform' } as const;

function answered(ids: string[]) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify({ data: { ids } }), { status: 200, headers: { 'content-type': 'application/json' } }));
}

// The worker's other files may have left events queued (isolate: false).
beforeEach(() => discardEvents());
afterEach(() => {
  discardEvents();
  vi.restoreAllMocks();
});

describe('the analytics queue', () => {
  it('sends what is queued when the page is left, with keepalive so the post outlives the page', async () => {
    const fetch = answered(['c3c3c3c3c3c3c3c3c3c3c3c3']);
    queueEvent(buildEvent('cta', context, { offer: 'b2b2b2b2b2b2b2b2b2b2b2b2', meta: { cta: 'primary' } }));
    expect(fetch).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pagehide'));

    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/analytics');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(init!.body))).toMatchObject([{ type: 'cta', offer: 'b2b2b2b2b2b2b2b2b2b2b2b2' }]);
    expect(pendingEvents()).toEqual([]);
  });

  it('sends a batch after the delay as an ordinary request', async () => {
    vi.useFakeTimers();
    try {
      const fetch = answered(['c3c3c3c3c3c3c3c3c3c3c3c3']);
      queueEvent(buildEvent('document-download', context, { offer: 'b2b2b2b2b2b2b2b2b2b2b2b2' }));
      await vi.advanceTimersByTimeAsync(2000);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(fetch.mock.calls[0]![1]).not.toHaveProperty('keepalive');
    } finally {
      vi.useRealTimers();
    }
  });
});
