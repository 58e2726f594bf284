import { describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../../test/build-test-app.ts';
import { createReadiness, READINESS_FRESH_MS } from './readiness.ts';

describe('readiness', () => {
  it('shares one ping between concurrent calls and reuses a success while it is fresh', async () => {
    const clock = new TestClock();
    let release!: () => void;
    const ping = vi.fn(() => new Promise<void>((resolve) => { release = resolve; }));
    const ready = createReadiness(ping, clock);
    const calls = [ready(), ready(), ready()];
    release();
    await Promise.all(calls);
    expect(ping).toHaveBeenCalledTimes(1);

    await ready();
    expect(ping).toHaveBeenCalledTimes(1);
    clock.advance(READINESS_FRESH_MS);
    ping.mockResolvedValueOnce(undefined);
    await ready();
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('never reuses a failure: the next call checks again and recovers', async () => {
    const clock = new TestClock();
    const ping = vi.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('down')).mockResolvedValue(undefined);
    const ready = createReadiness(ping, clock);
    await expect(ready()).rejects.toThrow('down');
    await expect(ready()).resolves.toBeUndefined();
    expect(ping).toHaveBeenCalledTimes(2);
  });
});
