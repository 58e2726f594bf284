import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * ioredis, loaded by the first client: a server without REDIS_URL never loads it (issue #25, the process's memory at
 * rest; ~2 MB of heap and ~10 MB of RSS with the Socket.IO adapter).
 */
const ioredis = () => createRequire(import.meta.url)('ioredis') as typeof import('ioredis');

/** The longest a request waits on Redis before it goes on without it. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis client for a feature that can run on one process alone (rate limits): commands fail at once while Redis
 * is down instead of queueing (the caller falls back), reconnection goes on forever with a capped back-off, and the
 * log says once when the feature falls back and once when it uses Redis again.
 */
export function createRedisClient(url: string, log: FastifyBaseLogger, feature: string): Redis {
  const client = new (ioredis().Redis)(url, {
    // Commands fail at once while disconnected, and within COMMAND_TIMEOUT_MS when the connection is lost mid-command
    // or silently partitioned (ioredis would otherwise hold the command for a resend after reconnecting).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    autoResendUnfulfilledCommands: false,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  watchRedis(client, log, feature);
  return client;
}

/**
 * A Redis client that only subscribes (real-time events between API nodes): unlike a command client it keeps its
 * subscriptions queued while Redis is away and subscribes again on every reconnection, so a node hears the others
 * again as soon as Redis is back.
 */
export function createRedisSubscriber(url: string, log: FastifyBaseLogger, feature: string): Redis {
  const client = new (ioredis().Redis)(url, {
    maxRetriesPerRequest: null,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
  });
  watchRedis(client, log, feature);
  return client;
}

/**
 * Makes the named commands of a client that a library calls without awaiting (the Socket.IO Redis adapter publishes
 * and subscribes that way, socketio/socket.io-redis-emitter#139) report their failure to `onError` instead of
 * leaving a rejected promise no one handles, which would stop the process while Redis is down.
 */
export function catchDiscardedCommands(
  client: Redis,
  commands: readonly ('publish' | 'subscribe' | 'psubscribe' | 'unsubscribe' | 'punsubscribe')[],
  onError: (err: unknown) => void,
): void {
  for (const name of commands) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      value: (...args: unknown[]) =>
        original(...args).catch((err: unknown) => {
          onError(err);
          return 0;
        }),
    });
  }
}

/** Logs the transitions of a client (down once, back once) instead of every failed reconnection attempt. */
function watchRedis(client: Redis, log: FastifyBaseLogger, feature: string): void {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: { message: err.message } }, `Redis unavailable: ${feature} falls back to this process alone`);
  });
  client.on('close', () => {
    if (down) return;
    down = true;
    log.warn(`Redis connection lost: ${feature} falls back to this process alone`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.warn(`Redis is back: ${feature} uses it again`);
  });
}

/** Disconnects without logging the closing connection as an outage. */
export function closeRedis(client: Redis): void {
  for (const event of ['close', 'ready', 'error']) client.removeAllListeners(event);
  client.on('error', () => {});
  client.disconnect();
}
