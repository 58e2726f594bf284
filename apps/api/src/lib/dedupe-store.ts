import type { Redis } from 'ioredis';

/**
 * Remembers keys for a short time, to drop repeats (analytics: the same tid, type and target within a second, #25).
 * `claim` answers, per key, whether this is its first sighting within `ms`; a claimed key is remembered for `ms`.
 */
export interface DedupeStore {
  claim(keys: readonly string[], ms: number): Promise<boolean[]>;
  /** Forgets keys this caller claimed whose events were then not stored, so a retry is not dropped as a repeat. */
  release(keys: readonly string[]): Promise<void>;
}

/** One process's keys, with their expiry; bounded (past `maxKeys` expired keys go first, then the oldest). */
export class MemoryDedupeStore implements DedupeStore {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  async claim(keys: readonly string[], ms: number): Promise<boolean[]> {
    const now = this.now();
    return keys.map((key) => {
      const expires = this.until.get(key);
      if (expires !== undefined && expires > now) return false;
      this.until.delete(key);
      if (this.until.size >= this.maxKeys) this.evict(now);
      this.until.set(key, now + ms);
      return true;
    });
  }

  async release(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.until.delete(key);
  }

  private evict(now: number): void {
    for (const [key, expires] of this.until) if (expires <= now) this.until.delete(key);
    for (const key of this.until.keys()) {
      if (this.until.size < this.maxKeys) break;
      this.until.delete(key);
    }
  }
}

/**
 * Keys shared by every node (`SET key 1 PX ms NX` in one pipeline), so a repeat is dropped whichever node it reaches.
 * While Redis is unreachable this process's memory answers (`fallback`), with one warning.
 */
export class RedisDedupeStore implements DedupeStore {
  private degraded = false;

  constructor(
    private readonly redis: Redis,
    private readonly fallback: DedupeStore,
    private readonly warn: (err: unknown, message: string) => void,
    private readonly prefix = 'tessera-dd:',
  ) {}

  async claim(keys: readonly string[], ms: number): Promise<boolean[]> {
    if (keys.length === 0) return [];
    try {
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.set(`${this.prefix}${key}`, '1', 'PX', ms, 'NX');
      const replies = await pipeline.exec();
      const failure = replies?.find(([err]) => err)?.[0];
      if (!replies || failure) throw failure ?? new Error('redis pipeline aborted');
      this.degraded = false;
      return replies.map(([, reply]) => reply === 'OK');
    } catch (err) {
      if (!this.degraded) this.warn(err, 'Redis is unreachable: analytics duplicates are dropped per node until it answers');
      this.degraded = true;
      return this.fallback.claim(keys, ms);
    }
  }

  async release(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.fallback.release(keys);
    // Best effort: a key left behind expires with its window (a second).
    await this.redis.del(...keys.map((key) => `${this.prefix}${key}`)).catch(() => {});
  }
}
