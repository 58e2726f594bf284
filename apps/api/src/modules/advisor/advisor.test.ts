/**
 * The AI advisor's conversation (issue #24, 001 §7): questions on the real-time socket, answers streamed to every
 * socket of the user, threads stored per user and reloaded over HTTP. The model and the retrieval are fakes
 * (advisor.test-helpers.ts): what is tested here is the service around them.
 */
import {
  ACCOUNT_SECURITY_TEXTS,
  ADVISOR_EVENTS,
  ADVISOR_LIMITS,
  ADVISOR_TEXTS,
  AUTH_ERRORS,
  type AdvisorThread,
  type ChatItem,
  type List,
} from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, someObjectId, tenantEventsOf, type SignedUp } from '../../../test/factories.ts';
import {
  advisorOutcome,
  askAdvisor,
  eventNames,
  eventsOf,
  listen,
  openSocket,
  recordAdvisor,
  waitFor,
  type HeardEvent,
  type TestSocket,
} from '../../../test/realtime-client.ts';
import { advisorMessages, advisorThreads, sessions } from '../../db/schema/index.ts';
import { CLIENT_EVENTS_MAX } from '../../lib/realtime.ts';
import { queryEvents } from '../timeline/index.ts';
import { DISCLAIMER_MODEL } from './advisor.service.ts';
import { fakeAdvisor } from './advisor.test-helpers.ts';

const PER_MINUTE = 6;
const ADMIN_QUERY = { page: 1, limit: 100, sort: 'createdAt', direction: 'desc' } as const;
const fake = fakeAdvisor();
let t: TestApp;
let port: number;
const opened: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    { ADVISOR_MESSAGES_PER_MINUTE: String(PER_MINUTE), ADVISOR_TIMEOUT_SECONDS: '1' },
    { advisor: { ...fake.options, typingIntervalMs: 50 } },
  );
  port = await listen(t);
});
afterAll(async () => {
  for (const { socket } of opened) socket.close();
  await t?.close();
});

async function connect(who: SignedUp, slug = 'acme'): Promise<{ socket: TestSocket; heard: HeardEvent[] }> {
  const socket = openSocket(port, slug, who.token);
  opened.push(socket);
  const heard = recordAdvisor(socket);
  await socket.connected;
  return { socket, heard };
}
const call = (who: SignedUp, method: 'GET' | 'DELETE', path: string, slug = 'acme') =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: { host: hostOf(slug), ...bearer(who.token) } });
const payloadOf = (events: HeardEvent[], event: string) => events.find((h) => h.event === event)?.payload;
const ANSWERED = [ADVISOR_EVENTS.loading, ADVISOR_EVENTS.start, ADVISOR_EVENTS.typing, ADVISOR_EVENTS.finished, ADVISOR_EVENTS.loading];
const FAILED = [ADVISOR_EVENTS.loading, ADVISOR_EVENTS.start, ADVISOR_EVENTS.error, ADVISOR_EVENTS.loading];

/** Asks and waits for the answer; answers the events and the thread id. */
async function ask(
  on: { socket: TestSocket; heard: HeardEvent[] },
  message: string,
  threadId: string | null = null,
  offerIds: string[] = [],
) {
  const id = askAdvisor(on.socket, { message, threadId, offerIds });
  const events = await advisorOutcome(on.heard, id, 5_000);
  return { id, events, threadId: (payloadOf(events, ADVISOR_EVENTS.start)?.threadId ?? null) as string | null };
}

describe('the handshake', () => {
  it('refuses no token, a wrong one, another tenant’s and an expired one; lets a valid one in', async () => {
    const user = await signUp(t.app, 'acme');
    await expect(openSocket(port, 'acme', undefined).connected).rejects.toThrow('Sign in to continue');
    await expect(openSocket(port, 'acme', 'not-a-token').connected).rejects.toThrow('Your session is not valid');
    await expect(openSocket(port, 'globex', user.token).connected).rejects.toThrow('Your session belongs to another organization');
    const { socket } = await connect(user);
    expect(socket.socket.connected).toBe(true);
    // The app's clock past the token's lifetime (JWT_TTL_SECONDS, 30 minutes): refused as expired.
    t.clock.advance(31 * 60_000);
    await expect(openSocket(port, 'acme', user.token).connected).rejects.toThrow(AUTH_ERRORS.sessionExpired);
  });
});

describe('one question', () => {
  it('streams loading, start, typing, finished, loading to every socket of the user, and stores both items', async () => {
    const user = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const tab1 = await connect(user);
    const tab2 = await connect(user);
    const stranger = await connect(other);
    const { events, threadId } = await ask(tab1, '  Which open offers have a target IRR above 15%?  ', null, [fake.offer.id]);

    expect(eventNames(events)).toEqual(ANSWERED);
    expect(events[0]!.payload).toEqual({ threadId, clientMessageId: events[0]!.payload.clientMessageId, loading: true });
    const start = payloadOf(events, ADVISOR_EVENTS.start) as { question: ChatItem; item: ChatItem };
    expect(start.question).toMatchObject({
      threadId,
      message: 'Which open offers have a target IRR above 15%?',
      sender: 'user',
      position: 'right',
      status: 'success',
    });
    expect(start.item).toMatchObject({ threadId, message: ADVISOR_TEXTS.thinking, sender: 'advisor', position: 'left', status: 'typing' });
    const finished = payloadOf(events, ADVISOR_EVENTS.finished) as { item: ChatItem };
    const typing = events.filter((h) => h.event === ADVISOR_EVENTS.typing);
    // The whole text each time, the final one before finished, all about the start event's item.
    expect(typing.at(-1)!.payload.message).toBe(finished.item.message);
    expect(typing.every((h) => h.payload.itemId === start.item.id)).toBe(true);
    expect(finished.item).toMatchObject({ id: start.item.id, sender: 'advisor', status: 'success' });
    expect(finished.item.message).toContain('Answer to: Which open offers');
    // Only the offer of the grounding is cited, once, linked to its marketplace page.
    expect(finished.item.citations).toEqual([
      { offerId: fake.offer.id, slug: fake.offer.slug, name: fake.offer.name, path: '/marketplace/offers/harbor-point-apartments' },
    ]);
    expect(finished.item.prompts).toEqual([{ id: 'compare', label: 'Compare them', value: 'Compare these offers' }]);
    expect(fake.retrievals.at(-1)).toEqual({
      tenantId: t.tenants.acme.id,
      question: 'Which open offers have a target IRR above 15%?',
      offerIds: [fake.offer.id],
    });
    expect(fake.groundings.at(-1)).toMatchObject({ marketplaceName: 'Acme Capital', currency: 'USD', history: [] });

    // The second tab heard the same conversation; another user's socket heard nothing.
    await waitFor(() => tab2.heard.length === tab1.heard.length, 'the second tab');
    expect(tab2.heard).toEqual(tab1.heard);
    expect(stranger.heard).toEqual([]);

    const threads = (await call(user, 'GET', 'aiadvisor/threads')).json() as List<AdvisorThread>;
    expect(threads.data).toHaveLength(1);
    expect(threads.data[0]).toMatchObject({ _id: threadId, title: 'Which open offers have a target IRR above 15%?', messageCount: 2 });
    const messages = (await call(user, 'GET', `aiadvisor/threads/${threadId}/messages`)).json() as List<ChatItem>;
    expect(messages.data).toEqual([start.question, finished.item]);
    const [stored] = await t.app.db.select().from(advisorMessages).where(eq(advisorMessages.id, finished.item.id));
    expect(stored!.model).toBe('fake-model');
  });

  it('throttles typing to at most one event per interval, always ending with the final text', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const { events } = await ask(tab, 'be chatty');
    const typing = events.filter((h) => h.event === ADVISOR_EVENTS.typing);
    const finished = payloadOf(events, ADVISOR_EVENTS.finished) as { item: ChatItem };
    // 200 pieces in one go: the first goes at once, the last with finished.
    expect(typing.length).toBeLessThanOrEqual(3);
    expect(typing.at(-1)!.payload.message).toBe(finished.item.message);
    expect(finished.item.message.startsWith('0 1 2 ')).toBe(true);
  });

  it('answers a request for personal advice with the disclaimer, without asking the model', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const asked = fake.groundings.length;
    const { events } = await ask(tab, 'Should I invest in Harbor Point?');
    expect(eventNames(events)).toEqual(ANSWERED);
    const finished = payloadOf(events, ADVISOR_EVENTS.finished) as { item: ChatItem };
    expect(finished.item.message).toBe(ADVISOR_TEXTS.disclaimer);
    expect(finished.item.citations).toEqual([]);
    expect(fake.groundings.length).toBe(asked);
    const [stored] = await t.app.db.select().from(advisorMessages).where(eq(advisorMessages.id, finished.item.id));
    expect(stored!.model).toBe(DISCLAIMER_MODEL);
  });
});

describe('when the model fails', () => {
  it.each([
    ['throws', 'please fail'],
    ['times out', 'please hang'],
  ])('%s: error unavailable then loading false; the question stays, no part of an answer is stored', async (_, question) => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const { events, threadId } = await ask(tab, question);
    expect(eventNames(events)).toEqual(FAILED.flatMap((e) => (e === ADVISOR_EVENTS.error ? [ADVISOR_EVENTS.typing, e] : [e])));
    expect(payloadOf(events, ADVISOR_EVENTS.error)).toMatchObject({ threadId, code: 'unavailable', message: ADVISOR_TEXTS.unavailable });
    expect(events.some((h) => h.event === ADVISOR_EVENTS.finished)).toBe(false);
    const rows = await t.app.db.select().from(advisorMessages).where(eq(advisorMessages.threadId, threadId!));
    expect(rows.map((r) => r.sender)).toEqual(['user']);
    // Logged, not swallowed.
    expect(t.logs.some((line) => line.includes('the advisor could not answer') && line.includes(threadId!))).toBe(true);
    // Nothing more comes later (a late text of the hung model is not sent).
    await new Promise((r) => setTimeout(r, 100));
    expect(eventsOf(tab.heard, events[0]!.payload.clientMessageId!)).toHaveLength(events.length);
  });
});

describe('refused questions', () => {
  it('answers invalid ones with error invalid and its reason, and nothing else', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const cases: [object, string][] = [
      [{ message: '   ' }, ADVISOR_TEXTS.empty],
      [{ message: 'x'.repeat(ADVISOR_LIMITS.messageMax + 1) }, ADVISOR_TEXTS.tooLong],
      [{ message: 'Hi', threadId: 'not-an-id' }, ''],
      [{ message: 'Hi', offerIds: Array.from({ length: ADVISOR_LIMITS.offerIdsMax + 1 }, someObjectId) }, 'At most 10 offers'],
    ];
    for (const [request, reason] of cases) {
      const id = askAdvisor(tab.socket, request as { message: string });
      const events = await advisorOutcome(tab.heard, id);
      expect(eventNames(events)).toEqual([ADVISOR_EVENTS.error]);
      expect(events[0]!.payload).toMatchObject({ clientMessageId: id, code: 'invalid' });
      if (reason) expect(events[0]!.payload.message).toBe(reason);
    }
    // No clientMessageId, or no object at all: still told (with null ids).
    const before = tab.heard.length;
    tab.socket.socket.emit(ADVISOR_EVENTS.chat, { message: 'Hi' });
    tab.socket.socket.emit(ADVISOR_EVENTS.chat, 'Hi');
    await waitFor(() => tab.heard.length === before + 2, 'two refusals');
    expect(tab.heard.slice(before).map((h) => [h.event, h.payload.code, h.payload.clientMessageId])).toEqual([
      [ADVISOR_EVENTS.error, 'invalid', null],
      [ADVISOR_EVENTS.error, 'invalid', null],
    ]);
    expect(await t.app.db.select().from(advisorThreads).where(eq(advisorThreads.userId, user.user._id))).toEqual([]);
  });

  it(`drops a flood of events from one socket past ${CLIENT_EVENTS_MAX} in a window, before any check runs`, async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    for (let i = 0; i < CLIENT_EVENTS_MAX + 10; i += 1) askAdvisor(tab.socket, { message: '' });
    await waitFor(() => tab.heard.length >= CLIENT_EVENTS_MAX, 'the refusals');
    await new Promise((r) => setTimeout(r, 200));
    expect(tab.heard).toHaveLength(CLIENT_EVENTS_MAX);
    expect(t.logs.some((line) => line.includes('a real-time client sent too many events'))).toBe(true);
  });

  it('refuses a message over the socket’s size cap by closing the socket', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    tab.socket.socket.emit(ADVISOR_EVENTS.chat, { message: 'x'.repeat(20 * 1024), clientMessageId: 'huge' });
    expect(await tab.socket.disconnected).toBe('transport close');
    expect(tab.heard).toEqual([]);
  });

  it(`rate-limits each user to ${PER_MINUTE} questions a minute, then lets them ask again`, async () => {
    const user = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const tab = await connect(user);
    // At the start of a window of the app's clock, so all of them fall in it.
    t.clock.advance(60_000 - (t.clock.now().getTime() % 60_000) + 1);
    for (let i = 0; i < PER_MINUTE; i += 1) expect(eventNames((await ask(tab, `Question ${i}`)).events)).toEqual(ANSWERED);
    const refused = await ask(tab, 'One too many');
    expect(eventNames(refused.events)).toEqual([ADVISOR_EVENTS.error]);
    expect(refused.events[0]!.payload).toMatchObject({ code: 'rate-limited', message: ADVISOR_TEXTS.rateLimited });
    // Another user is not held back.
    expect(eventNames((await ask(await connect(other), 'Mine')).events)).toEqual(ANSWERED);
    t.clock.advance(60_000);
    expect(eventNames((await ask(tab, 'Again')).events)).toEqual(ANSWERED);
  });
});

describe('threads', () => {
  it('keeps a conversation: the next question has the history, reloads over HTTP and pages with before', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const first = await ask(tab, 'First question');
    const threadId = first.threadId!;
    const second = await ask(tab, 'Second question', threadId);
    expect(second.threadId).toBe(threadId);
    expect(fake.groundings.at(-1)!.history).toEqual([
      { sender: 'user', message: 'First question' },
      { sender: 'advisor', message: expect.stringContaining('Answer to: First question') },
    ]);
    await ask(tab, 'Third question', threadId);

    const thread = (await call(user, 'GET', `aiadvisor/threads/${threadId}`)).json() as { data: AdvisorThread };
    expect(thread.data).toMatchObject({ _id: threadId, title: 'First question', messageCount: 6 });
    const all = (await call(user, 'GET', `aiadvisor/threads/${threadId}/messages`)).json() as List<ChatItem>;
    expect(all.data.map((m) => m.message.slice(0, 30))).toEqual([
      'First question',
      expect.stringContaining('Answer to: First'),
      'Second question',
      expect.stringContaining('Answer to: Second'),
      'Third question',
      expect.stringContaining('Answer to: Third'),
    ]);
    // The latest two, then the two before the oldest shown.
    const latest = (await call(user, 'GET', `aiadvisor/threads/${threadId}/messages?limit=2`)).json() as List<ChatItem>;
    expect(latest.data).toEqual(all.data.slice(4));
    expect(latest.meta).toEqual({ page: 1, limit: 2, total: 6 });
    const older = (
      await call(user, 'GET', `aiadvisor/threads/${threadId}/messages?limit=2&before=${latest.data[0]!.id}`)
    ).json() as List<ChatItem>;
    expect(older.data).toEqual(all.data.slice(2, 4));
    expect(older.meta).toEqual({ page: 1, limit: 2, total: 4 });
    const bad = await call(user, 'GET', `aiadvisor/threads/${threadId}/messages?before=nope`);
    expect(bad.statusCode).toBe(400);

    // The most recently used thread first.
    const newer = await ask(tab, 'Another chat');
    await ask(tab, 'Back to the first', threadId);
    const list = (await call(user, 'GET', 'aiadvisor/threads')).json() as List<AdvisorThread>;
    expect(list.data.map((th) => th._id)).toEqual([threadId, newer.threadId]);
  });

  it(`keeps at most ${ADVISOR_LIMITS.threadsMax} threads a user: a new one replaces the least recently used`, async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const base = t.clock.now().getTime() - 1_000_000;
    const old = Array.from({ length: ADVISOR_LIMITS.threadsMax }, (_, i) => ({
      tenantId: t.tenants.acme.id,
      userId: user.user._id,
      id: someObjectId(),
      title: `Old ${i}`,
      lastMessageAt: new Date(base + i * 1000),
    }));
    await t.app.db.insert(advisorThreads).values(old);
    const { threadId } = await ask(tab, 'One more');
    const kept = await t.app.db.select({ id: advisorThreads.id }).from(advisorThreads).where(eq(advisorThreads.userId, user.user._id));
    expect(kept).toHaveLength(ADVISOR_LIMITS.threadsMax);
    expect(kept.map((k) => k.id)).toContain(threadId);
    expect(kept.map((k) => k.id)).not.toContain(old[0]!.id);
    expect((await tenantEventsOf(t.app, t.tenants.acme.id, old[0]!.id)).map((e) => e.type)).toEqual(['delete']);
  });

  it('answers questions to one thread one after the other, in order', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const { threadId } = await ask(tab, 'Open it');
    const one = askAdvisor(tab.socket, { message: 'slow one', threadId });
    const two = askAdvisor(tab.socket, { message: 'two', threadId });
    await advisorOutcome(tab.heard, one);
    await advisorOutcome(tab.heard, two);
    const order = tab.heard
      .filter((h) => [one, two].includes(h.payload.clientMessageId!))
      .map((h) => `${h.payload.clientMessageId} ${h.event}`);
    const firstDone = order.lastIndexOf(`${one} ${ADVISOR_EVENTS.loading}`);
    expect(order.indexOf(`${two} ${ADVISOR_EVENTS.loading}`)).toBeGreaterThan(firstDone);
    // The second question's history holds the first's answer.
    expect(fake.groundings.at(-1)!.history.at(-1)).toEqual({ sender: 'advisor', message: expect.stringContaining('Answer to: slow one') });
  });

  it("never reaches another user's or tenant's thread: not-found on the socket, 404 over HTTP", async () => {
    const owner = await signUp(t.app, 'acme');
    const other = await signUp(t.app, 'acme');
    const ownerTab = await connect(owner);
    const { threadId } = await ask(ownerTab, 'My private question');
    const before = ownerTab.heard.length;

    const otherTab = await connect(other);
    for (const id of [threadId!, someObjectId()]) {
      const refused = await ask(otherTab, 'Show me that', id);
      expect(eventNames(refused.events)).toEqual([ADVISOR_EVENTS.error]);
      expect(refused.events[0]!.payload).toMatchObject({ threadId: id, code: 'not-found', message: ADVISOR_TEXTS.threadNotFound });
    }
    // The same user on another tenant: their acme thread is not there.
    const globexTab = await connect({ ...owner, token: (await signInAt(owner, 'globex')).token }, 'globex');
    const elsewhere = await ask(globexTab, 'Show me that', threadId);
    expect(elsewhere.events[0]!.payload).toMatchObject({ code: 'not-found' });
    for (const path of [`aiadvisor/threads/${threadId}`, `aiadvisor/threads/${threadId}/messages`]) {
      expect((await call(other, 'GET', path)).statusCode).toBe(404);
    }
    expect((await call(other, 'DELETE', `aiadvisor/threads/${threadId}`)).statusCode).toBe(404);
    expect(((await call(other, 'GET', 'aiadvisor/threads')).json() as List<AdvisorThread>).data).toEqual([]);
    // Nothing leaked to the owner's sockets, nothing was added to the thread.
    await new Promise((r) => setTimeout(r, 50));
    expect(ownerTab.heard.length).toBe(before);
    const rows = await t.app.db.select().from(advisorMessages).where(eq(advisorMessages.threadId, threadId!));
    expect(rows).toHaveLength(2);
  });

  it('deletes a thread with its messages, on its owner’s timeline only; a question to it is then not-found', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    const { threadId } = await ask(tab, 'To be deleted');
    expect((await call(user, 'DELETE', `aiadvisor/threads/${threadId}`)).statusCode).toBe(204);
    expect((await call(user, 'GET', `aiadvisor/threads/${threadId}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `aiadvisor/threads/${threadId}`)).statusCode).toBe(404);
    expect(await t.app.db.select().from(advisorMessages).where(eq(advisorMessages.threadId, threadId!))).toEqual([]);
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, threadId!);
    expect(events.map((e) => [e.type, e.entityType, e.userId, e.message])).toEqual([
      ['create', 'advisor-thread', user.user._id, 'Started an AI Advisor chat'],
      ['delete', 'advisor-thread', user.user._id, 'Deleted an AI Advisor chat'],
    ]);
    // The question's words never reach the timeline.
    expect(JSON.stringify(events)).not.toContain('To be deleted');
    const mine = (await call(user, 'GET', `user/${user.user._id}/events`)).json() as List<{ entity: string }>;
    expect(mine.data.filter((e) => e.entity === threadId)).toHaveLength(2);
    // Not in what the tenant's owners and admins read (the dashboard's recent activity).
    const administration = await queryEvents(t.app.db, t.tenants.acme.id, { kind: 'administration' }, ADMIN_QUERY);
    expect(administration.data.some((e) => e.entity === threadId)).toBe(false);

    const refused = await ask(tab, 'Still there?', threadId);
    expect(refused.events[0]!.payload).toMatchObject({ code: 'not-found' });
  });
});

describe('a socket whose session ended', () => {
  it('cannot go on asking, even before the session-ended message reaches it', async () => {
    const user = await signUp(t.app, 'acme');
    const tab = await connect(user);
    // Ended behind the socket's back (no real-time message): the next question finds it ended.
    await t.app.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'revoked' })
      .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.user._id)));
    askAdvisor(tab.socket, { message: 'Still here?' });
    expect(await tab.socket.disconnected).toBe('io server disconnect');
    expect(tab.heard).toEqual([]);
    await expect(openSocket(port, 'acme', user.token).connected).rejects.toThrow(ACCOUNT_SECURITY_TEXTS.sessionEnded);
    expect(await t.app.db.select().from(advisorThreads).where(eq(advisorThreads.userId, user.user._id))).toEqual([]);
  });
});

async function signInAt(who: SignedUp, slug: string): Promise<{ token: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: hostOf(slug) },
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { token: string } }).data;
}
