/**
 * Several API nodes (issue #25): two real server processes, started as `npm start` starts them (app-process.ts), on
 * one PostgreSQL database and one Redis, serve one tenant as one: a session made on A works on B and ends on both;
 * a rate limit counts across them; a session's end reaches its socket on the other node; the public cache and the
 * tenant cache show a change made on A on B's next request; analytics repeats are dropped whichever node hears
 * them; a mail caused on A is in the outbox once. Two processes cannot share one PGlite, so it runs in the PostgreSQL
 * suite only, and needs Redis (TEST_REDIS_URL, or the local one): without one it is skipped, saying so.
 */
import { SESSION_ENDED_EVENT, type AuthResult } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, mailOutbox, offers } from '../src/db/schema/index.ts';
import { createTenant } from '../src/db/seed.ts';
import { newId } from '../src/lib/ids.ts';
import { LISTED } from '../src/modules/marketplace/marketplace.test-helpers.ts';
import { callProcess, killAllAppProcesses, removeTempDirs, startAppProcess, tempDir, type AppProcess } from './app-process.ts';
import { PASSWORD, uniqueEmail } from './factories.ts';
import { openSocket, waitFor, type TestSocket } from './realtime-client.ts';
import { redisReachable, TEST_REDIS_URL } from './redis.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './test-database.ts';

const REDIS_URL = TEST_REDIS_URL;
const onPostgres = testEngine() === 'postgres';
const redisUp = onPostgres && (await redisReachable());
if (onPostgres && !redisUp) console.warn(`Redis not reachable at ${REDIS_URL}: the multi-node test is skipped.`);

const SLUG = 'nodes';
/** The analytics limit per address and minute on both nodes: low, so the test reaches it. */
const ANALYTICS_MAX = 6;

/**
 * Waits out the last seconds of a minute: the public cache keeps an answer for the minute it was read in, so a minute
 * turning between two requests would make the second a miss. These are real processes, on the real clock.
 */
async function clearOfMinuteTurn(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
}

const call = (app: AppProcess, method: 'GET' | 'POST' | 'PUT', path: string, options: Parameters<typeof callProcess>[4] = {}) =>
  callProcess(app, SLUG, method, path, options);

describe.skipIf(!redisUp)('two API processes on one database and one Redis', () => {
  let database: TestDatabase;
  let a: AppProcess;
  let b: AppProcess;
  let tenantId: string;
  const offer = { id: newId(), slug: 'quay-yards' };
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.ownerDb;
    // The default tenant too, so the two processes' start-up seeds find it and neither races the other to create it.
    await createTenant(db, 'demo', 'Tessera');
    const tenant = await createTenant(db, SLUG, 'Node Capital');
    tenantId = tenant.id;
    const institutionId = newId();
    await db.insert(institutions).values({ tenantId, id: institutionId, name: 'Quay Fund', slug: 'quay-fund', type: 'fund' });
    await db.insert(offers).values({ tenantId, id: offer.id, institutionId, name: 'Quay Yards', slug: offer.slug, ...LISTED });
    const env = {
      DATA_DIR: tempDir('multi-node'),
      DATABASE_URL: database.ownerUrl!,
      REDIS_URL,
      ANALYTICS_RATE_LIMIT_MAX: String(ANALYTICS_MAX),
    };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const { socket } of opened) socket.close();
    await killAllAppProcesses();
    await database?.drop();
    removeTempDirs();
  });

  const signUp = async (app: AppProcess, email = uniqueEmail('nodes')): Promise<AuthResult & { email: string }> => {
    const res = await call(app, 'POST', 'auth/signup', {
      body: { email, password: PASSWORD, firstname: 'Nia', lastname: 'Nodes', acceptDisclosures: true },
    });
    expect(res.status, res.text).toBe(200);
    return { ...res.json<{ data: AuthResult }>().data, email };
  };

  it('keeps a session made on A on B, and ends it on both, telling its socket on B', async () => {
    const user = await signUp(a);
    const me = `user/${user.user._id}`;
    expect((await call(b, 'GET', me, { token: user.token })).status).toBe(200);
    const socket = openSocket(b.port, SLUG, user.token);
    opened.push(socket);
    const ended: unknown[] = [];
    socket.socket.on(SESSION_ENDED_EVENT, (event: unknown) => ended.push(event));
    await socket.connected;

    const out = await call(a, 'POST', 'auth/signout', { token: user.token });
    expect(out.status, out.text).toBe(200);
    expect((await call(b, 'GET', me, { token: user.token })).status).toBe(401);
    expect((await call(a, 'GET', me, { token: user.token })).status).toBe(401);
    await waitFor(() => ended.length === 1, 'the session-ended event on node B');
  });

  it('drops an analytics repeat whichever node hears it, and counts a rate limit across both nodes', async () => {
    const event = { type: 'offer-view', tid: 'repeat-tid-0001', offer: offer.id };
    const first = await call(a, 'POST', 'analytics', { body: event });
    expect(first.status, first.text).toBe(200);
    expect(first.json<{ data: { recorded: number } }>().data.recorded).toBe(1);
    // The same tid, type and offer within a second, on the other node: a repeat (the dedupe keys live in Redis).
    const repeat = await call(b, 'POST', 'analytics', { body: event });
    expect(repeat.json<{ data: { recorded: number; dropped: { duplicate: number } } }>().data).toMatchObject({
      recorded: 0,
      dropped: { duplicate: 1 },
    });

    // Both nodes see the test's one address: the limit counts the two posts above and these, wherever they land.
    const post = (app: AppProcess, i: number) =>
      call(app, 'POST', 'analytics', { body: { type: 'view', tid: `limit-tid-${i}-0000`, client: { path: `/p/${i}` } } });
    const statuses: (number | undefined)[] = [];
    for (let i = 2; i < ANALYTICS_MAX; i++) statuses.push((await post(i % 2 === 0 ? a : b, i)).status);
    expect(statuses).toEqual(Array.from({ length: ANALYTICS_MAX - 2 }, () => 200));
    // Three went to each node: a limit per node would still let both answer.
    expect((await post(a, 100)).status).toBe(429);
    expect((await post(b, 101)).status).toBe(429);
  });

  it("shows a change made on A on B's next request: the public cache, the offer page and the tenant's branding", async () => {
    const owner = await signUp(a);
    await database.ownerDb.execute(
      sql`update tenant_members set role = 'owner' where tenant_id = ${tenantId} and user_id = ${owner.user._id}`,
    );
    const token = (await call(a, 'POST', 'auth/signin', { body: { email: owner.email, password: PASSWORD } })).json<{ data: AuthResult }>()
      .data.token;

    const page = `tenant/${SLUG}/marketplace/offers/${offer.slug}`;
    await clearOfMinuteTurn();
    expect((await call(b, 'GET', page)).headers['x-cache']).toBe('miss');
    const cached = await call(b, 'GET', page);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.json<{ data: { name: string } }>().data.name).toBe('Quay Yards');
    // The browser's copy is current: 304 from either node.
    expect((await call(a, 'GET', page, { headers: { 'if-none-match': String(cached.headers.etag) } })).status).toBe(304);

    const renamed = await call(a, 'PUT', `tenant/${SLUG}/offers/${offer.id}/details`, {
      token,
      body: {
        name: 'Quay Yards II',
        slug: offer.slug,
        type: 'value-add',
        assetClass: 'multi-family',
        equityType: 'common-equity',
        description: '<p>Warehouses</p>',
        descriptionShort: 'Warehouses by the quay',
        fedExemptionExclusions: ['rule-506-c'],
      },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const fresh = await call(b, 'GET', page);
    expect(fresh.json<{ data: { name: string } }>().data.name).toBe('Quay Yards II');
    expect((await call(b, 'GET', page, { headers: { 'if-none-match': String(cached.headers.etag) } })).status).toBe(200);

    // The tenant cache: B read the tenant before; a new name saved on A is B's next answer.
    expect((await call(b, 'GET', `tenant/${SLUG}/public`)).json<{ data: { name: string } }>().data.name).toBe('Node Capital');
    const saved = await call(a, 'PUT', `tenant/${tenantId}/details`, {
      token,
      body: { name: 'Node Capital Partners', description: 'Two nodes', website: 'https://nodes.example' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await call(b, 'GET', `tenant/${SLUG}/public`)).json<{ data: { name: string } }>().data.name).toBe('Node Capital Partners');
  });

  it('files a mail caused on A once, with both nodes running their background work', async () => {
    const email = uniqueEmail('outbox');
    await signUp(b, email);
    const reset = await call(a, 'POST', 'auth/password-reset-request', { body: { email } });
    expect(reset.status, reset.text).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const mails = await database.ownerDb
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.subject} ilike '%password%'`));
    expect(mails).toHaveLength(1);
    expect(a.output()).not.toMatch(/uncaught|unhandled rejection|"level":50/i);
    expect(b.output()).not.toMatch(/uncaught|unhandled rejection|"level":50/i);
  });
});
