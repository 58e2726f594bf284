import { describe, expect, it, vi } from 'vitest';
import { TestClock } from '../../../test/build-test-app.ts';
import { createReadiness, READINESS_FRESH_MS, READINESS_STALE_MS } from './readiness.ts';

describe('readiness', () => {
  it('shares one ping between concurrent calls and reuses a success while it is fresh', async () => {
    const clock = new TestClock();
    let release!: () => void;
    const ping = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const ready = createReadiness(ping, clock);
    const calls = [ready(), ready(), ready()];
    release();
    await Promise.all(calls);
    expect(ping).toHaveBeenCalledTimes(1);
    await ready();
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it('answers a recent success at once while checking again in the background', async () => {
    const clock = new TestClock();
    const ping = vi
      .fn<() => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockImplementationOnce(() => new Promise(() => {}));
    const ready = createReadiness(ping, clock);
    await ready();
    clock.advance(READINESS_FRESH_MS);
    await expect(ready()).resolves.toBeUndefined(); // does not wait for the hanging second ping
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it('waits for a ping once the last success is too old, and never reuses a failure', async () => {
    const clock = new TestClock();
    const ping = vi
      .fn<() => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('still down'))
      .mockResolvedValue(undefined);
    const ready = createReadiness(ping, clock);
    await ready();
    clock.advance(READINESS_STALE_MS);
    await expect(ready()).rejects.toThrow('down');
    await expect(ready()).rejects.toThrow('still down');
    await expect(ready()).resolves.toBeUndefined();
    expect(ping).toHaveBeenCalledTimes(4);
  });

  it('after a background check fails, the next call waits for its own check', async () => {
    const clock = new TestClock();
    const ping = vi
      .fn<() => Promise<void>>()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new Error('down'))
      .mockRejectedValueOnce(new Error('down again'));
    const ready = createReadiness(ping, clock);
    await ready();
    clock.advance(READINESS_FRESH_MS);
    await ready(); // answers from the recent success; the background check fails
    await vi.waitFor(() => expect(ping).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 0));
    await expect(ready()).rejects.toThrow('down again');
  });
});
