import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { rateLimited } from './app-error.ts';
import type { Clock } from './clock.ts';

/**
 * Counts attempts per key in fixed windows of the app's clock: window n covers [n·windowMs, (n+1)·windowMs).
 * The window index is part of the key, so a count never outlives its window and the test clock moves it.
 */
export interface AttemptStore {
  /** Adds one attempt to `key` in `window` and returns the count so far (atomic across nodes for Redis). */
  hit(key: string, window: number, windowMs: number): Promise<number>;
  /** Forgets `key`'s attempts in `window`. */
  clear(key: string, window: number): Promise<void>;
}

/** One process's counts, bounded: past `maxKeys` the stale windows go first, then the oldest keys. */
export class MemoryAttemptStore implements AttemptStore {
  private readonly counts = new Map<string, { window: number; count: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  async hit(key: string, window: number): Promise<number> {
    const entry = this.counts.get(key);
    if (entry && entry.window === window) {
      entry.count += 1;
      return entry.count;
    }
    this.counts.delete(key);
    if (this.counts.size >= this.maxKeys) this.evict(window);
    this.counts.set(key, { window, count: 1 });
    return 1;
  }

  async clear(key: string): Promise<void> {
    this.counts.delete(key);
  }

  get size(): number {
    return this.counts.size;
  }

  private evict(window: number): void {
    for (const [key, entry] of this.counts) if (entry.window < window) this.counts.delete(key);
    // Still full of live windows: drop the oldest keys (a Map iterates in insertion order).
    for (const key of this.counts.keys()) {
      if (this.counts.size < this.maxKeys) break;
      this.counts.delete(key);
    }
  }
}

/**
 * Counts shared by every node through Redis; each key expires with its window. While Redis is unreachable the counts
 * fall back to this process (`fallback`) with one warning, and go back to Redis once it answers again.
 */
export class RedisAttemptStore implements AttemptStore {
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: AttemptStore,
    private readonly warn: (err: unknown, message: string) => void,
    private readonly prefix = 'tessera-al:',
  ) {}

  async hit(key: string, window: number, windowMs: number): Promise<number> {
    const redisKey = `${this.prefix}${key}:${window}`;
    try {
      const replies = await this.redis
        .multi()
        .incr(redisKey)
        .pexpire(redisKey, windowMs * 2)
        .exec();
      const failure = replies?.find(([err]) => err)?.[0];
      if (!replies || failure) throw failure ?? new Error('redis transaction aborted');
      this.recovered();
      return Number(replies[0]![1]);
    } catch (err) {
      this.failed(err);
      return this.fallback.hit(key, window, windowMs);
    }
  }

  async clear(key: string, window: number): Promise<void> {
    await this.fallback.clear(key, window);
    try {
      await this.redis.del(`${this.prefix}${key}:${window}`);
      this.recovered();
    } catch (err) {
      this.failed(err);
    }
  }

  private failed(err: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.warn(err, 'redis unavailable; per-account limits fall back to this process');
  }

  private recovered(): void {
    this.degraded = false;
  }
}

/** At most `max` attempts per key in each window; the key (an e-mail, an address) is stored only as a hash. */
export class AttemptLimiter {
  constructor(
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly store: AttemptStore,
    private readonly clock: Clock,
  ) {}

  /** Counts an attempt for `key`, or throws 429 with the seconds until the window ends once `max` is passed. */
  async hit(key: string): Promise<void> {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / this.windowMs);
    const count = await this.store.hit(this.keyOf(key), window, this.windowMs);
    if (count > this.max) throw rateLimited(Math.ceil(((window + 1) * this.windowMs - now) / 1000));
  }

  /** Forgets `key`'s attempts in the current window (a successful sign-in). */
  async clear(key: string): Promise<void> {
    await this.store.clear(this.keyOf(key), Math.floor(this.clock.now().getTime() / this.windowMs));
  }

  private keyOf(key: string): string {
    const normalised = key.trim().toLowerCase();
    return `${this.name}:${createHash('sha256').update(normalised).digest('base64url').slice(0, 32)}`;
  }
}
