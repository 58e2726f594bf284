import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from './app-error.ts';
import { AttemptLimiter, MemoryAttemptStore, RedisAttemptStore } from './attempt-limiter.ts';
import type { Clock } from './clock.ts';

const WINDOW = 60_000;
/** A clock at a chosen instant. */
const clockAt = (ms: number): Clock & { ms: number } => {
  const clock: Clock & { ms: number } = { ms, now: (): Date => new Date(clock.ms) };
  return clock;
};

async function refusal(promise: Promise<void>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('AttemptLimiter', () => {
  it('allows max attempts per window, then 429 with the seconds left until the window ends', async () => {
    const clock = clockAt(10 * WINDOW + 15_000);
    const limiter = new AttemptLimiter('t', 3, WINDOW, new MemoryAttemptStore(), clock);
    for (let i = 0; i < 3; i++) await limiter.hit('a@example.com');
    const error = await refusal(limiter.hit('a@example.com'));
    expect(error).toMatchObject({
      code: 'rate-limited',
      status: 429,
      retryAfterSeconds: 45,
      message: 'Too many attempts. Please try again in 45 seconds.',
    });
    clock.ms = 11 * WINDOW;
    await limiter.hit('a@example.com');
  });

  it('counts an e-mail however it is spelt, and clears it', async () => {
    const limiter = new AttemptLimiter('t', 2, WINDOW, new MemoryAttemptStore(), clockAt(0));
    await limiter.hit('Victim@Example.com');
    await limiter.hit(' victim@example.COM ');
    await refusal(limiter.hit('victim@example.com'));
    await limiter.clear('VICTIM@example.com');
    await limiter.hit('victim@example.com');
  });

  it('says minutes for long waits', async () => {
    const limiter = new AttemptLimiter('t', 1, 15 * WINDOW, new MemoryAttemptStore(), clockAt(0));
    await limiter.hit('x');
    expect((await refusal(limiter.hit('x'))).message).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

describe('MemoryAttemptStore', () => {
  it('stays within its bound: stale windows are dropped first, then the oldest keys', async () => {
    const store = new MemoryAttemptStore(3);
    await store.hit('old', 1);
    await store.hit('a', 2);
    await store.hit('b', 2);
    await store.hit('c', 2);
    expect(store.size).toBe(3);
    expect(await store.hit('a', 2)).toBe(2);
    expect(await store.hit('b', 2)).toBe(2);
    for (let i = 0; i < 1000; i++) await store.hit(`spray-${i}`, 2);
    expect(store.size).toBe(3);
  });
});

describe('RedisAttemptStore', () => {
  it('falls back to this process while Redis is down, with one warning, and keeps counting', async () => {
    // Nothing listens on port 1; without an offline queue every command fails at once.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    const warn = vi.fn();
    const store = new RedisAttemptStore(redis, new MemoryAttemptStore(), warn);
    try {
      const limiter = new AttemptLimiter('t', 2, WINDOW, store, clockAt(0));
      await limiter.hit('x');
      await limiter.hit('x');
      await refusal(limiter.hit('x'));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![1]).toBe('redis unavailable; per-account limits fall back to this process');
    } finally {
      redis.disconnect();
    }
  });
});
