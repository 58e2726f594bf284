/**
 * One conversation served by two API processes (issue #24): with REDIS_URL, a question sent to node A is answered to
 * every socket of the user, the one on node B included, through the Socket.IO Redis adapter, and the thread is read
 * back from either node. Needs a Redis server (TEST_REDIS_URL, or the local one at 127.0.0.1:6379): without one it is
 * reported as skipped.
 */
import { ADVISOR_EVENTS, type ChatItem, type List } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp } from '../../../test/factories.ts';
import {
  advisorOutcome,
  askAdvisor,
  eventNames,
  listen,
  openSocket,
  recordAdvisor,
  waitFor,
  type TestSocket,
} from '../../../test/realtime-client.ts';
import { fakeAdvisor } from './advisor.test-helpers.ts';
import { redisReachable, TEST_REDIS_URL } from '../../../test/redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable(REDIS_URL);

describe.skipIf(!redisUp)('two API nodes on one database and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let portA: number;
  let portB: number;
  const opened: TestSocket[] = [];
  beforeAll(async () => {
    // Each node its own model (a process of its own would have one); they share the database and Redis.
    a = await buildTestApp({ REDIS_URL }, { advisor: fakeAdvisor().options });
    b = await buildTestApp({ REDIS_URL }, { sameDatabaseAs: a, advisor: fakeAdvisor().options });
    portA = await listen(a);
    portB = await listen(b);
  });
  afterAll(async () => {
    for (const { socket } of opened) socket.close();
    await b?.close();
    await a?.close();
  });
  const open = async (port: number, token: string, slug = 'acme') => {
    const socket = openSocket(port, slug, token);
    opened.push(socket);
    const heard = recordAdvisor(socket);
    await socket.connected;
    return { socket, heard };
  };

  it("a question asked on node A streams to the user's socket on node B, and the thread goes on from B", async () => {
    const user = await signUp(a.app, 'acme');
    const other = await signUp(a.app, 'acme');
    const onA = await open(portA, user.token);
    const onB = await open(portB, user.token);
    const strangerOnB = await open(portB, other.token);

    const id = askAdvisor(onA.socket, { message: 'Which offers are open?' });
    const onAEvents = await advisorOutcome(onA.heard, id);
    const onBEvents = await advisorOutcome(onB.heard, id);
    const names = [ADVISOR_EVENTS.loading, ADVISOR_EVENTS.start, ADVISOR_EVENTS.typing, ADVISOR_EVENTS.finished, ADVISOR_EVENTS.loading];
    expect(eventNames(onAEvents)).toEqual(names);
    // Node B's socket heard the same events in the same order.
    expect(onBEvents).toEqual(onAEvents);
    expect(strangerOnB.heard).toEqual([]);
    const threadId = onAEvents[1]!.payload.threadId as string;

    // The conversation goes on from node B; node A's socket hears that answer.
    const next = askAdvisor(onB.socket, { message: 'And the closed ones?', threadId });
    const fromB = await advisorOutcome(onA.heard, next);
    expect(eventNames(fromB)).toEqual(names);
    await waitFor(() => onB.heard.length === onA.heard.length, "node B's own events");

    const read = await a.app.inject({
      method: 'GET',
      url: `/api/v1/aiadvisor/threads/${threadId}/messages`,
      headers: { host: hostOf('acme'), ...bearer(user.token) },
    });
    expect((read.json() as List<ChatItem>).data.map((m) => m.sender)).toEqual(['user', 'advisor', 'user', 'advisor']);
  });
});
