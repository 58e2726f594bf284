/**
 * One conversation served by two real API processes (issue #24): two servers started as `npm start` starts them
 * (app-process.ts), on one PostgreSQL database and with REDIS_URL set, each with the built-in advisor. A question asked
 * on process A is answered to the user's socket on process B through the Socket.IO Redis adapter, the thread goes on
 * from B, and either process reads it back. src/modules/advisor/advisor-nodes.test.ts proves the same with two apps in
 * one test process; this proves it across processes. Two processes cannot share one PGlite, so it runs in the
 * PostgreSQL suite only, and needs a Redis server (TEST_REDIS_URL, or the local one at 127.0.0.1:6379): without one it
 * is skipped, saying so.
 */
import { ADVISOR_EVENTS, type AuthResult, type ChatItem, type List } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, offers } from '../src/db/schema/index.ts';
import { createTenant } from '../src/db/seed.ts';
import { newId } from '../src/lib/ids.ts';
import { DAY_MS, LISTED, offerClass } from '../src/modules/marketplace/marketplace.test-helpers.ts';
import { callProcess, killAllAppProcesses, removeTempDirs, startAppProcess, tempDir, type AppProcess } from './app-process.ts';
import { PASSWORD, uniqueEmail } from './factories.ts';
import {
  advisorOutcome,
  askAdvisor,
  eventNames,
  openSocket,
  recordAdvisor,
  waitFor,
  type HeardEvent,
  type TestSocket,
} from './realtime-client.ts';
import { createTestDatabase, testEngine, type TestDatabase } from './test-database.ts';
import { redisReachable, TEST_REDIS_URL } from './redis.ts';

const REDIS_URL = TEST_REDIS_URL;

const onPostgres = testEngine() === 'postgres';
const redisUp = onPostgres && (await redisReachable());
if (onPostgres && !redisUp) console.warn(`Redis not reachable at ${REDIS_URL}: the two-process advisor test is skipped.`);

const SLUG = 'acme';
const ANSWERED = [ADVISOR_EVENTS.loading, ADVISOR_EVENTS.start, ADVISOR_EVENTS.typing, ADVISOR_EVENTS.finished, ADVISOR_EVENTS.loading];
const payloadOf = (events: HeardEvent[], event: string) => events.find((h) => h.event === event)?.payload;

const call = (app: AppProcess, method: 'GET' | 'POST' | 'PUT', path: string, options: Parameters<typeof callProcess>[4] = {}) =>
  callProcess(app, SLUG, method, path, options);

async function signUp(app: AppProcess): Promise<AuthResult> {
  const res = await call(app, 'POST', 'auth/signup', {
    body: { email: uniqueEmail('nodes'), password: PASSWORD, firstname: 'Two', lastname: 'Nodes', acceptDisclosures: true },
  });
  expect(res.status, res.text).toBe(200);
  return res.json<{ data: AuthResult }>().data;
}

describe.skipIf(!redisUp)('two API processes on one database and one Redis', () => {
  let database: TestDatabase;
  let a: AppProcess;
  let b: AppProcess;
  const offer = { alpha: { id: '', slug: '' }, beta: { id: '', slug: '' } };
  const opened: TestSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.ownerDb;
    // The default tenant too, so the two processes' start-up seeds find it and neither races the other to create it.
    await createTenant(db, 'demo', 'Tessera');
    const tenant = await createTenant(db, SLUG, 'Acme Capital');
    const institutionId = newId();
    await db
      .insert(institutions)
      .values({ tenantId: tenant.id, id: institutionId, name: 'Harbor Fund', slug: 'harbor-fund', type: 'fund' });
    const open = { openDate: new Date(Date.now() - 10 * DAY_MS), closeDate: new Date(Date.now() + 30 * DAY_MS) };
    for (const [key, name, assetClass, classes] of [
      [
        'alpha',
        'Alpha Towers',
        'multi-family',
        [offerClass({ name: 'A', minimumInvestment: 5_000, internalRateOfReturn: 20, equityMultiple: 2.5, holdingPeriod: 36 })],
      ],
      [
        'beta',
        'Beta Plaza',
        'retail',
        [offerClass({ name: 'Main', minimumInvestment: 50_000, internalRateOfReturn: 14, equityMultiple: 1.8, holdingPeriod: 84 })],
      ],
    ] as const) {
      const id = newId();
      const slug = name.toLowerCase().replace(' ', '-');
      await db
        .insert(offers)
        .values({ tenantId: tenant.id, id, institutionId, name, slug, assetClass, classes: [...classes], ...LISTED, ...open });
      offer[key] = { id, slug };
    }
    const env = { DATA_DIR: tempDir('advisor-processes'), DATABASE_URL: database.ownerUrl!, REDIS_URL };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const { socket } of opened) socket.close();
    await killAllAppProcesses();
    await database?.drop();
    removeTempDirs();
  });

  const connect = async (app: AppProcess, token: string) => {
    const socket = openSocket(app.port, SLUG, token);
    opened.push(socket);
    const heard = recordAdvisor(socket);
    await socket.connected;
    return { socket, heard };
  };

  it("streams a question asked on A to the user's socket on B, and goes on with the thread from B", async () => {
    const user = await signUp(a);
    const other = await signUp(a);
    const onA = await connect(a, user.token);
    const onB = await connect(b, user.token);
    const strangerOnB = await connect(b, other.token);

    const first = askAdvisor(onA.socket, { message: 'Which open offers have a target IRR above 15%?' });
    const heardOnB = await advisorOutcome(onB.heard, first, 15_000);
    expect(eventNames(heardOnB)).toEqual(ANSWERED);
    const threadId = payloadOf(heardOnB, ADVISOR_EVENTS.start)!.threadId as string;
    expect(threadId).toEqual(expect.any(String));
    expect(heardOnB.every((h) => h.payload.threadId === threadId)).toBe(true);
    // A real answer of the built-in advisor, from the offers process A read: only Alpha Towers has an IRR above 15%.
    const answer = (payloadOf(heardOnB, ADVISOR_EVENTS.finished) as { item: ChatItem }).item;
    expect(answer).toMatchObject({ threadId, sender: 'advisor', status: 'success' });
    expect(answer.message).toContain('[Alpha Towers](/marketplace/offers/alpha-towers)');
    expect(answer.message).toContain('target IRR 20%');
    expect(answer.message).not.toContain('Beta Plaza');
    expect(answer.citations).toEqual([
      { offerId: offer.alpha.id, slug: offer.alpha.slug, name: 'Alpha Towers', path: '/marketplace/offers/alpha-towers' },
    ]);
    // A's own socket heard the same events in the same order.
    expect(await advisorOutcome(onA.heard, first)).toEqual(heardOnB);

    // The thread goes on from B; A's socket hears B's answer, written by the other process into the same thread.
    const next = askAdvisor(onB.socket, { message: 'Compare Alpha Towers and Beta Plaza', threadId });
    const heardOnA = await advisorOutcome(onA.heard, next, 15_000);
    expect(eventNames(heardOnA)).toEqual(ANSWERED);
    expect(heardOnA.every((h) => h.payload.threadId === threadId)).toBe(true);
    const comparison = (payloadOf(heardOnA, ADVISOR_EVENTS.finished) as { item: ChatItem }).item;
    expect(comparison.message).toContain('| Target IRR | 20% | 14% |');
    expect(comparison.citations.map((c) => c.offerId)).toEqual([offer.alpha.id, offer.beta.id]);
    await waitFor(() => onB.heard.length === onA.heard.length, "B's own events");
    expect(onB.heard).toEqual(onA.heard);

    // Read back over HTTP from A: both questions and both answers, in order.
    const res = await call(a, 'GET', `aiadvisor/threads/${threadId}/messages`, { token: user.token });
    expect(res.status, res.text).toBe(200);
    const items = res.json<List<ChatItem>>().data;
    expect(items.map((m) => [m.sender, m.message])).toEqual([
      ['user', 'Which open offers have a target IRR above 15%?'],
      ['advisor', answer.message],
      ['user', 'Compare Alpha Towers and Beta Plaza'],
      ['advisor', comparison.message],
    ]);
    expect(items[1]!.id).toBe(answer.id);
    expect(items[3]!.id).toBe(comparison.id);

    // Another user of the same tenant, connected to B, heard none of it.
    expect(strangerOnB.heard).toEqual([]);
    expect(a.output()).not.toMatch(/uncaught|unhandled rejection|"level":50/i);
    expect(b.output()).not.toMatch(/uncaught|unhandled rejection|"level":50/i);
  });
});
