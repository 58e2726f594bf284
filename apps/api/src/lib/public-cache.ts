import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One cached answer: its body as sent (JSON text) and its entity tag. */
export interface CachedAnswer {
  etag: string;
  body: string;
}

/**
 * The public cache (#25): answers that are the same for everyone who asks on a tenant (the marketplace), keyed
 * by the tenant's version. A change to anything they show bumps the version (plugins/public-cache.ts, after the
 * change committed), so the next request on any node misses and reads fresh rows; old entries are never read again
 * and age out. Reading the version is the one shared round trip per request (Redis when configured).
 */
export interface PublicCache {
  readonly enabled: boolean;
  /** The tenant's current version ('0' before any change); undefined when it cannot be known (Redis down): no caching. */
  version(tenantId: string): Promise<string | undefined>;
  bump(tenantId: string): Promise<void>;
  get(key: string): Promise<CachedAnswer | undefined>;
  set(key: string, answer: CachedAnswer): Promise<void>;
}

/** A strong entity tag of a body. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** A bounded map that forgets the least recently used entry first, each entry living `ttlMs`. */
class Lru {
  private readonly entries = new Map<string, { answer: CachedAnswer; expires: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    if (hit.expires <= Date.now()) return undefined;
    this.entries.set(key, hit);
    return hit.answer;
  }

  set(key: string, answer: CachedAnswer): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { answer, expires: Date.now() + this.ttlMs });
  }
}

const ENTRIES_MAX = 5_000;

/** One process: versions and answers in memory (a single node, or no Redis). */
export class MemoryPublicCache implements PublicCache {
  private readonly versions = new Map<string, number>();
  private readonly answers: Lru;
  readonly enabled: boolean;

  constructor(ttlSeconds: number) {
    this.enabled = ttlSeconds > 0;
    this.answers = new Lru(ENTRIES_MAX, ttlSeconds * 1000);
  }

  async version(tenantId: string): Promise<string> {
    return String(this.versions.get(tenantId) ?? 0);
  }
  async bump(tenantId: string): Promise<void> {
    this.versions.set(tenantId, (this.versions.get(tenantId) ?? 0) + 1);
  }
  async get(key: string): Promise<CachedAnswer | undefined> {
    return this.answers.get(key);
  }
  async set(key: string, answer: CachedAnswer): Promise<void> {
    this.answers.set(key, answer);
  }
}

/**
 * Shared by every node: the versions in Redis (GET per request, INCR per change), the answers in Redis too and in a
 * small in-process copy (an answer is stored under the version it was read at, so the copy is never stale: a bump
 * on any node changes the key the next request looks up). While Redis is unreachable nothing is cached or served
 * from the cache (a version that cannot be read could be stale), with one warning.
 */
export class RedisPublicCache implements PublicCache {
  private readonly local: Lru;
  private degraded = false;
  readonly enabled: boolean;

  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
    private readonly warn: (err: unknown, message: string) => void,
    private readonly prefix = 'tessera-pc:',
  ) {
    this.enabled = ttlSeconds > 0;
    this.local = new Lru(ENTRIES_MAX, ttlSeconds * 1000);
  }

  async version(tenantId: string): Promise<string | undefined> {
    try {
      const value = await this.redis.get(`${this.prefix}v:${tenantId}`);
      this.degraded = false;
      return value ?? '0';
    } catch (err) {
      this.failed(err);
      return undefined;
    }
  }

  async bump(tenantId: string): Promise<void> {
    try {
      await this.redis.incr(`${this.prefix}v:${tenantId}`);
    } catch (err) {
      // The change is committed; other nodes keep answering from the old version until their entries expire.
      this.failed(err);
    }
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    const near = this.local.get(key);
    if (near) return near;
    try {
      const stored = await this.redis.get(`${this.prefix}a:${key}`);
      if (!stored) return undefined;
      const cut = stored.indexOf('\n');
      const answer = { etag: stored.slice(0, cut), body: stored.slice(cut + 1) };
      this.local.set(key, answer);
      return answer;
    } catch (err) {
      this.failed(err);
      return undefined;
    }
  }

  async set(key: string, answer: CachedAnswer): Promise<void> {
    this.local.set(key, answer);
    try {
      await this.redis.set(`${this.prefix}a:${key}`, `${answer.etag}\n${answer.body}`, 'EX', this.ttlSeconds);
    } catch (err) {
      this.failed(err);
    }
  }

  private failed(err: unknown): void {
    if (!this.degraded) this.warn(err, 'Redis is unreachable: the public cache is off until it answers');
    this.degraded = true;
  }
}

/**
 * Compressed copies of cached answers, one process's, by ETag and encoding: a cached answer is the same text for
 * everyone, so it is compressed once per node instead of on every hit (the mixed-load profile of #25 spent 5 % of the
 * API's CPU in zlib, most of it on marketplace hits). The ETag is a hash of the text, so an entry is never stale; the
 * least recently used go first past `maxBytes`.
 */
export class CompressedCopies {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(etag: string, encoding: string): Buffer | undefined {
    const key = `${encoding} ${etag}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(etag: string, encoding: string, body: Buffer): void {
    const key = `${encoding} ${etag}`;
    if (body.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}
