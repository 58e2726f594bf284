/**
 * Redis loss (#7): with REDIS_URL through a TCP proxy the test controls, cutting Redis leaves rate limits enforced
 * by each process on its own, with one logged warning; when Redis is back, they use it again. Needs a Redis server
 * (TEST_REDIS_URL, or the local one at 127.0.0.1:6379): without one the file is skipped, saying so. Engine-independent, so it runs in the PGlite suite only.
 */
import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';
import { testEngine } from './test-database.ts';
import { redisReachable, TEST_REDIS_URL } from './redis.ts';

const REDIS_URL = TEST_REDIS_URL;

const reachable = testEngine() === 'pglite' && (await redisReachable());
if (testEngine() === 'pglite' && !reachable) console.warn(`Redis not reachable at ${REDIS_URL}: the Redis fault tests are skipped.`);

/** Log lines the apps write, to check the warnings. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

const waitFor = async (check: () => boolean | Promise<boolean>, what: string, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.skipIf(!reachable)('Redis lost and back', () => {
  let proxy: TcpProxy;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const target = new URL(REDIS_URL);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    // Two API nodes sharing Redis; sign-in allows 3 calls a minute per address.
    const env = { REDIS_URL: proxy.url(REDIS_URL), AUTH_RATE_LIMIT_MAX: '3' };
    a = await buildTestApp(env, { logger: { level: 'warn', stream: logStream } });
    b = await buildTestApp(env, { logger: { level: 'warn', stream: logStream } });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await proxy?.close();
  });

  /** A fresh client address per check, so counts from other checks (or other runs on the same Redis) never mix in. */
  const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const signin = (t: TestApp, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/signin', remoteAddress, payload: {} }).then((r) => r.statusCode);

  it('shares rate-limit counts through Redis, counts per process while it is down, and shares them again after', async () => {
    /** b refuses the fourth call after a took three: the count is in Redis. */
    const sharedCounts = async () => {
      const fresh = newAddress();
      for (let i = 0; i < 3; i++) expect(await signin(a, fresh)).toBe(400);
      return (await signin(b, fresh)) === 429;
    };
    await waitFor(sharedCounts, 'shared counts (both apps connected to Redis)');

    proxy.cut();
    const ip = newAddress();
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect(await signin(a, ip)).toBe(400);
    expect(await signin(a, ip)).toBe(429); // still limited, by this process
    expect(await signin(b, ip)).toBe(400); // b counts on its own
    expect(Date.now() - started).toBeLessThan(3_000); // no request waits for Redis
    await waitFor(
      () => logLines.some((l) => l.includes('Redis') && l.includes('rate limiting falls back to this process alone')),
      'the fallback warning',
    );

    proxy.restore();
    await waitFor(() => logLines.some((l) => l.includes('Redis is back: rate limiting uses it again')), 'the recovery message');
    await waitFor(sharedCounts, 'shared counts again', 15_000);
  }, 40_000);
});
