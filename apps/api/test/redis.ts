import { Redis } from 'ioredis';

/** The Redis the suites use for their multi-node and fault cases: TEST_REDIS_URL, or the local one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis server answers a PING at `url` within a second (the Redis cases are skipped, and say so, when none does). */
export async function redisReachable(url: string = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
