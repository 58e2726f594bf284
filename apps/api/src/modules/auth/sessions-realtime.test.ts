/**
 * The real-time socket (issue #21): a browser's socket hears that its session ended and is disconnected, on the node it
 * is connected to whichever node ended it (through Redis), and an ended session's token is refused by every node at
 * once (they share the database). The Redis case needs a Redis server (TEST_REDIS_URL, or the local one at
 * 127.0.0.1:6379): without one it is reported as skipped.
 */
import { ACCOUNT_SECURITY_TEXTS, type AuthResult } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, PASSWORD, signUp, type SignedUp } from '../../../test/factories.ts';
import { listen, openSocket, waitFor, type TestSocket } from '../../../test/realtime-client.ts';
import { redisReachable, TEST_REDIS_URL } from '../../../test/redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const redisUp = await redisReachable(REDIS_URL);

const opened: TestSocket[] = [];
const open = (port: number, token: string | undefined, slug = 'acme') => {
  const socket = openSocket(port, slug, token);
  opened.push(socket);
  return socket;
};
afterAll(() => {
  for (const { socket } of opened) socket.close();
});

const call = (t: TestApp, token: string, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, slug = 'acme') =>
  t.app.inject({ method, url: `/api/v1/${path}`, headers: { host: hostOf(slug), ...bearer(token) }, ...(payload ? { payload } : {}) });
async function signIn(t: TestApp, who: SignedUp, slug = 'acme'): Promise<AuthResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: hostOf(slug) },
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: AuthResult }).data;
}
/** The socket heard that its session ended for `reason`, and was disconnected by the server. */
async function endedFor({ ended, disconnected }: TestSocket, reason: string) {
  await waitFor(() => ended.length > 0, `the ${reason} event`);
  expect(ended).toEqual([{ reason }]);
  expect(await disconnected).toBe('io server disconnect');
}

describe('the real-time socket on one node', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    port = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a socket without a valid session token, another tenant's, and an ended session's", async () => {
    const user = await signUp(t.app, 'acme');
    const ended = await signIn(t, user);
    await call(t, ended.token, 'POST', 'auth/signout');
    const refusals: [string | undefined, string, string][] = [
      [undefined, 'acme', 'Sign in to continue'],
      ['not-a-token', 'acme', 'Your session is not valid. Please sign in again.'],
      [user.token, 'globex', 'Your session belongs to another organization. Please sign in here.'],
      [ended.token, 'acme', ACCOUNT_SECURITY_TEXTS.sessionEnded],
    ];
    for (const [token, slug, message] of refusals) await expect(open(port, token, slug).connected).rejects.toThrow(message);
    await expect(open(port, user.token).connected).resolves.toBeUndefined();
  });

  it("tells every socket of a session that signs out, then disconnects them; other sessions' sockets stay", async () => {
    const user = await signUp(t.app, 'acme');
    const phone = await signIn(t, user);
    const [tab1, tab2, other] = [open(port, user.token), open(port, user.token), open(port, phone.token)];
    await Promise.all([tab1.connected, tab2.connected, other.connected]);
    expect((await call(t, user.token, 'POST', 'auth/signout')).statusCode).toBe(200);
    await endedFor(tab1, 'signout');
    await endedFor(tab2, 'signout');
    expect(other.socket.connected).toBe(true);
    expect(other.ended).toEqual([]);
  });

  it('ends the sockets of sessions ended from the account page, and by a password change on every tenant', async () => {
    const user = await signUp(t.app, 'acme');
    const [one, two, three] = [await signIn(t, user), await signIn(t, user), await signIn(t, user)];
    const globex = await signIn(t, user, 'globex');
    const sockets = {
      one: open(port, one.token),
      two: open(port, two.token),
      three: open(port, three.token),
      globex: open(port, globex.token, 'globex'),
      current: open(port, user.token),
    };
    await Promise.all(Object.values(sockets).map((s) => s.connected));

    expect((await call(t, user.token, 'DELETE', `auth/sessions/${one.sessionId}`)).statusCode).toBe(204);
    await endedFor(sockets.one, 'revoked');
    expect(sockets.two.ended).toEqual([]);
    expect((await call(t, user.token, 'POST', 'auth/sessions/revoke-others')).json()).toEqual({ data: { revoked: 2 } });
    await endedFor(sockets.two, 'others-revoked');
    await endedFor(sockets.three, 'others-revoked');
    expect(sockets.globex.ended).toEqual([]);

    const changed = await call(t, user.token, 'POST', 'auth/password-update', {
      currentPassword: PASSWORD,
      newPassword: 'a-new-passphrase-8',
    });
    expect(changed.statusCode).toBe(200);
    await endedFor(sockets.globex, 'password-changed');
    // The session that changed it goes on.
    expect(sockets.current.socket.connected).toBe(true);
    expect(sockets.current.ended).toEqual([]);
  });
});

describe('a node whose Redis is unreachable', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // Nothing listens on the discard port: every Redis command fails at once.
    t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:9' });
    port = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still tells its own sockets, and leaves no failure unhandled', async () => {
    const user = await signUp(t.app, 'acme');
    const socket = open(port, user.token);
    await socket.connected;
    expect((await call(t, user.token, 'POST', 'auth/signout')).statusCode).toBe(200);
    await endedFor(socket, 'signout');
  });
});

describe('two API nodes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let portB: number;
  beforeAll(async () => {
    const env: Record<string, string> = redisUp ? { REDIS_URL } : {};
    a = await buildTestApp(env);
    b = await buildTestApp(env, { sameDatabaseAs: a });
    portB = await listen(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a token signed out on node A is refused on node B at once', async () => {
    const user = await signUp(a.app, 'acme');
    expect((await call(b, user.token, 'GET', 'auth/sessions')).statusCode).toBe(200);
    expect((await call(a, user.token, 'POST', 'auth/signout')).statusCode).toBe(200);
    const refused = await call(b, user.token, 'GET', 'auth/sessions');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.sessionEnded);
    const refresh = await b.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token-refresh',
      headers: { host: hostOf('acme') },
      payload: { refreshToken: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it.skipIf(!redisUp)('a socket connected to node B hears its session end when node A ends it, through Redis', async () => {
    const user = await signUp(a.app, 'acme');
    const phone = await signIn(a, user);
    const onB = open(portB, phone.token);
    const stays = open(portB, user.token);
    await Promise.all([onB.connected, stays.connected]);
    expect((await call(a, user.token, 'DELETE', `auth/sessions/${phone.sessionId}`)).statusCode).toBe(204);
    await endedFor(onB, 'revoked');
    expect(stays.socket.connected).toBe(true);
    expect(stays.ended).toEqual([]);
  });
});
