import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

interface Counter {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res: Counter | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: StoreOptions): Store;
}
interface StoreOptions {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
  routeInfo: { method: string; url: string };
}

// @fastify/rate-limit's own two stores (CommonJS files of the package, not in its typed entry point).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (ce: boolean, eb: boolean, redis: Redis, key: string) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (ce: boolean, eb: boolean) => Store;

/** How long requests count locally after Redis failed a command, before trying it again. */
const REMOTE_RETRY_MS = 2_000;

/**
 * A rate-limit store that counts in Redis while Redis answers, and in this process while it does not: limits stay
 * enforced through an outage (per process instead of across the cluster) rather than switched off, and go back to
 * the shared counts as soon as Redis is back. `skipOnError` would instead let every request through.
 */
export function fallbackRateLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  // After a failed or timed-out command, requests count locally for a while instead of each waiting on Redis
  // (a partition leaves the connection 'ready' but silent).
  let skipRemoteUntil = 0;

  class FallbackStore implements Store {
    private readonly remote: Store;
    private readonly local: Store;

    constructor(options: Pick<StoreOptions, 'continueExceeding' | 'exponentialBackoff'>, remote?: Store, local?: Store) {
      this.remote = remote ?? new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace);
      this.local = local ?? new LocalStore(options.continueExceeding, options.exponentialBackoff);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.call('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.call('read', key, cb, timeWindow, max);
    }

    child(routeOptions: StoreOptions): Store {
      return new FallbackStore(routeOptions, this.remote.child(routeOptions), this.local.child(routeOptions));
    }

    private call(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
      if (redis.status !== 'ready' || Date.now() < skipRemoteUntil) return this.local[method](key, cb, timeWindow, max);
      this.remote[method](
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          skipRemoteUntil = Date.now() + REMOTE_RETRY_MS;
          this.local[method](key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
  }
  // The plugin types the constructor's options as an empty interface; it passes continueExceeding and exponentialBackoff.
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
