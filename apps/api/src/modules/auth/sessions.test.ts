import { ACCOUNT_SECURITY_TEXTS, AUTH_ERRORS, STEP_UP_WINDOW_SECONDS, type AuthResult, type SessionInfo } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, timelineEvents, users } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { awaitMailTo, bearer, PASSWORD, signUp, someObjectId, type SignedUp } from '../../../test/factories.ts';
import { findMember } from '../tenants/index.ts';
import { updateSession } from './sessions.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | null, method: Method, path: string, payload?: object, slug = 'acme') =>
  t.app.inject({
    method,
    url: `/api/v1/${path}`,
    headers: { host: hostOf(slug), ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
/** Signs the person in again at `slug` from another browser: a second session. */
async function signIn(who: SignedUp, slug = 'acme', userAgent = MAC_CHROME, remoteAddress = '203.0.113.7'): Promise<AuthResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: hostOf(slug), 'user-agent': userAgent },
    remoteAddress,
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: AuthResult }).data;
}
const listOf = async (token: string, slug = 'acme') => {
  const res = await call(token, 'GET', 'auth/sessions', undefined, slug);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: SessionInfo[] }).data;
};
const refresh = (refreshToken: string, slug = 'acme') => call(null, 'POST', 'auth/token-refresh', { refreshToken }, slug);
const sessionRow = async (id: string) => (await t.app.db.select().from(sessions).where(eq(sessions.id, id)))[0]!;
const authEvents = (tenantId: string, userId: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.tenantId, tenantId), eq(timelineEvents.entity, userId), eq(timelineEvents.type, 'auth')))
    .orderBy(timelineEvents.createdAt);

function expectEnded(res: { statusCode: number; json(): unknown }, message: string = ACCOUNT_SECURITY_TEXTS.sessionEnded) {
  expect(res.statusCode).toBe(401);
  expect((res.json() as { error: { type: string; message: string } }).error).toMatchObject({ type: 'unauthenticated', message });
}

describe('sign-out', () => {
  it('ends the session: its token and its refresh token are refused at once, and the timeline says so', async () => {
    const user = await signUp(t.app, 'acme');
    const other = await signIn(user);
    const res = await call(user.token, 'POST', 'auth/signout');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { signedOut: true } });
    expectEnded(await call(user.token, 'GET', 'auth/sessions'));
    expectEnded(await refresh(user.refreshToken));
    expect(await sessionRow(user.sessionId)).toMatchObject({ revokedReason: 'signout' });
    // The other browser is not signed out.
    expect((await call(other.token, 'GET', 'auth/sessions')).statusCode).toBe(200);
    const events = await authEvents(user.tenantMember!.tenant, user.user._id);
    expect(events.at(-1)).toMatchObject({ message: 'Signed out', userId: user.user._id });
    expect(events.at(-1)!.meta).toMatchObject({ change: { revokedReason: { old: null, new: 'signout' } } });
  });

  it('needs a signed-in caller', async () => {
    const res = await call(null, 'POST', 'auth/signout');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.type).toBe('unauthenticated');
  });
});

describe('listing sessions', () => {
  it("lists the caller's active sessions on this tenant, newest use first, with device, address and the current one marked", async () => {
    const user = await signUp(t.app, 'acme');
    const mac = await signIn(user, 'acme', MAC_CHROME, '203.0.113.7');
    t.clock.advance(2 * 60_000);
    const phone = await signIn(user, 'acme', IPHONE_SAFARI, '198.51.100.4');
    await signIn(user, 'globex');
    const ended = await signIn(user);
    await call(ended.token, 'POST', 'auth/signout');
    const stranger = await signUp(t.app, 'acme');
    t.clock.advance(2 * 60_000);

    // Listing is a use of the Mac's session: it comes first, then the phone's, then the first one's.
    const list = await listOf(mac.token);
    expect(list.map((s) => s.id)).toEqual([mac.sessionId, phone.sessionId, user.sessionId]);
    expect(list.find((s) => s.id === mac.sessionId)).toMatchObject({
      current: true,
      device: 'Chrome on macOS',
      ip: '203.0.113.7',
      method: 'password',
      userAgent: MAC_CHROME,
    });
    expect(list.find((s) => s.id === phone.sessionId)).toMatchObject({ current: false, device: 'Safari on iOS', ip: '198.51.100.4' });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.id)).not.toContain(stranger.sessionId);
  });

  it("leaves out sessions past their expiry and says 'Unknown device' when the User-Agent says nothing", async () => {
    const user = await signUp(t.app, 'acme');
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: hostOf('acme'), 'user-agent': '' },
      payload: { email: user.email, password: user.password },
    });
    const other = (bare.json() as { data: AuthResult }).data;
    expect((await listOf(user.token)).find((s) => s.id === other.sessionId)?.device).toBe('Unknown device');
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.id, other.sessionId));
    expect((await listOf(user.token)).map((s) => s.id)).toEqual([user.sessionId]);
  });
});

describe('ending a session', () => {
  it('ends another session of the caller: 204, that browser is refused at once, recorded with the device', async () => {
    const user = await signUp(t.app, 'acme');
    const phone = await signIn(user, 'acme', IPHONE_SAFARI);
    const res = await call(user.token, 'DELETE', `auth/sessions/${phone.sessionId}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expectEnded(await call(phone.token, 'GET', 'auth/sessions'));
    expectEnded(await refresh(phone.refreshToken));
    expect((await call(user.token, 'GET', 'auth/sessions')).statusCode).toBe(200);
    expect(await sessionRow(phone.sessionId)).toMatchObject({ revokedReason: 'revoked' });
    const event = (await authEvents(user.tenantMember!.tenant, user.user._id)).at(-1)!;
    expect(event.message).toBe('Ended the session on Safari on iOS');
    expect(event.meta).toMatchObject({ sessions: [{ id: phone.sessionId, device: 'Safari on iOS' }] });
  });

  it("answers 404 in the envelope for someone else's session, an unknown one and one already ended, and ends nothing", async () => {
    const user = await signUp(t.app, 'acme');
    const stranger = await signUp(t.app, 'acme');
    const own = await signIn(user);
    await call(own.token, 'POST', 'auth/signout');
    for (const id of [stranger.sessionId, someObjectId(), own.sessionId]) {
      const res = await call(user.token, 'DELETE', `auth/sessions/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toMatchObject({ type: 'not-found', message: 'Session not found' });
    }
    expect((await call(stranger.token, 'GET', 'auth/sessions')).statusCode).toBe(200);
    // The same person's session on another tenant is not this tenant's: 404 too.
    const elsewhere = await signIn(user, 'globex');
    expect((await call(user.token, 'DELETE', `auth/sessions/${elsewhere.sessionId}`)).statusCode).toBe(404);
    expect((await call(elsewhere.token, 'GET', 'auth/sessions', undefined, 'globex')).statusCode).toBe(200);
  });

  it('refuses a malformed session id with 400', async () => {
    const user = await signUp(t.app, 'acme');
    const res = await call(user.token, 'DELETE', 'auth/sessions/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.type).toBe('validation');
  });

  it("ends every other session on this tenant, keeping the caller's and those on other tenants", async () => {
    const user = await signUp(t.app, 'acme');
    const [a, b] = [await signIn(user), await signIn(user, 'acme', IPHONE_SAFARI)];
    const globex = await signIn(user, 'globex');
    const res = await call(user.token, 'POST', 'auth/sessions/revoke-others');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { revoked: 2 } });
    for (const other of [a, b]) expectEnded(await call(other.token, 'GET', 'auth/sessions'));
    expect((await listOf(user.token)).map((s) => s.id)).toEqual([user.sessionId]);
    expect((await call(globex.token, 'GET', 'auth/sessions', undefined, 'globex')).statusCode).toBe(200);
    expect((await authEvents(user.tenantMember!.tenant, user.user._id)).at(-1)!.message).toBe('Ended 2 other sessions');
    const again = await call(user.token, 'POST', 'auth/sessions/revoke-others');
    expect(again.json()).toEqual({ data: { revoked: 0 } });
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh answers a new token and the next refresh token of the same session', async () => {
    const user = await signUp(t.app, 'acme');
    const first = await refresh(user.refreshToken);
    expect(first.statusCode, first.body).toBe(200);
    const next = (first.json() as { data: AuthResult }).data;
    expect(next).toMatchObject({ sessionId: user.sessionId, user: { _id: user.user._id } });
    expect(next.refreshToken).not.toBe(user.refreshToken);
    const second = await refresh(next.refreshToken);
    expect(second.statusCode).toBe(200);
    expect((await call((second.json() as { data: AuthResult }).data.token, 'GET', 'auth/sessions')).statusCode).toBe(200);
  });

  it('a used refresh token presented again ends the whole session: every token of it stops working', async () => {
    const user = await signUp(t.app, 'acme');
    const rotated = (await refresh(user.refreshToken)).json().data as AuthResult;
    // The thief replays the first refresh token: the owner already used it.
    expectEnded(await refresh(user.refreshToken));
    expectEnded(await refresh(rotated.refreshToken));
    expectEnded(await call(rotated.token, 'GET', 'auth/sessions'));
    expect(await sessionRow(user.sessionId)).toMatchObject({ revokedReason: 'refresh-reuse' });
    const event = (await authEvents(user.tenantMember!.tenant, user.user._id)).at(-1)!;
    expect(event).toMatchObject({ userId: null, message: 'Ended the session on Unknown device: its refresh token was used twice' });
  });

  it('refuses a forged token, a session token, another tenant’s session and a session past its expiry', async () => {
    const user = await signUp(t.app, 'acme');
    expectEnded(await refresh(`${user.refreshToken.slice(0, -4)}AAAA`), 'Your session is not valid. Please sign in again.');
    expectEnded(await refresh(user.token), 'Your session is not valid. Please sign in again.');
    expectEnded(await refresh(user.refreshToken, 'globex'), 'Your session is not valid. Please sign in again.');
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(sessions.id, user.sessionId));
    expectEnded(await refresh(user.refreshToken), AUTH_ERRORS.sessionExpired);
    const missing = await call(null, 'POST', 'auth/token-refresh', {});
    expect(missing.statusCode).toBe(400);
  });

  it('refuses the refresh of an account suspended since, and of a password changed since', async () => {
    const suspended = await signUp(t.app, 'acme');
    // The account suspended since the session began.
    await t.app.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, suspended.user._id));
    const refused = await refresh(suspended.refreshToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(AUTH_ERRORS.accountSuspended);

    const changed = await signUp(t.app, 'acme');
    const laptop = await signIn(changed);
    const update = await call(laptop.token, 'POST', 'auth/password-update', {
      currentPassword: PASSWORD,
      newPassword: 'a-new-passphrase-4',
    });
    expect(update.statusCode).toBe(200);
    expect((await refresh(changed.refreshToken)).statusCode).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the current password: without it 403 asks for a second factor, a wrong one is 400, and nothing changes', async () => {
    const user = await signUp(t.app, 'acme');
    const missing = await call(user.token, 'POST', 'auth/password-update', { newPassword: 'a-new-passphrase-1' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    const wrong = await call(user.token, 'POST', 'auth/password-update', {
      currentPassword: 'not-my-password',
      newPassword: 'a-new-passphrase-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ type: 'bad-request', message: ACCOUNT_SECURITY_TEXTS.currentPasswordWrong });
    expect((await call(user.token, 'GET', 'auth/sessions')).statusCode).toBe(200);
    expect((await call(null, 'POST', 'auth/signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('takes a second factor confirmed in the last ten minutes instead of the current password, but not an older one', async () => {
    const user = await signUp(t.app, 'acme');
    const tenantId = user.tenantMember!.tenant;
    await updateSession(t.app.db, tenantId, user.sessionId, { method: 'totp', verifiedAt: t.clock.now() });
    t.clock.advance((STEP_UP_WINDOW_SECONDS + 1) * 1000);
    const stale = await call(user.token, 'POST', 'auth/password-update', { newPassword: 'a-new-passphrase-2' });
    expect(stale.statusCode).toBe(403);
    await updateSession(t.app.db, tenantId, user.sessionId, { verifiedAt: t.clock.now() });
    const fresh = await call(user.token, 'POST', 'auth/password-update', { newPassword: 'a-new-passphrase-2' });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('ends every other session on every tenant, keeps this one, and records the end on each tenant', async () => {
    const user = await signUp(t.app, 'acme');
    const phone = await signIn(user, 'acme', IPHONE_SAFARI);
    const globex = await signIn(user, 'globex');
    const res = await call(user.token, 'POST', 'auth/password-update', { currentPassword: PASSWORD, newPassword: 'a-new-passphrase-3' });
    expect(res.statusCode, res.body).toBe(200);
    const next = (res.json() as { data: AuthResult }).data;
    expect(next.sessionId).toBe(user.sessionId);
    expect((await listOf(next.token)).map((s) => s.id)).toEqual([user.sessionId]);
    expect(await sessionRow(phone.sessionId)).toMatchObject({ revokedReason: 'password-changed' });
    expect(await sessionRow(globex.sessionId)).toMatchObject({ revokedReason: 'password-changed' });
    expect((await sessionRow(user.sessionId)).revokedAt).toBeNull();
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
    expect((await authEvents(user.tenantMember!.tenant, user.user._id)).map((e) => e.message)).toContain(
      '1 session ended: the password was changed',
    );
    const globexEvents = await authEvents(globex.tenantMember!.tenant, user.user._id);
    expect(globexEvents.at(-1)!.message).toBe('1 session ended: the password was changed');
  });
});

describe('other ways sessions end', () => {
  it('a password reset ends every earlier session', async () => {
    const user = await signUp(t.app, 'acme');
    const globex = await signIn(user, 'globex');
    await call(null, 'POST', 'auth/password-reset-request', { email: user.email });
    const { token } = await awaitMailTo(t.app, user.email);
    const reset = await call(null, 'POST', 'auth/password-reset-confirm', { resetToken: token, password: 'a-reset-passphrase-5' });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const id of [user.sessionId, globex.sessionId]) expect(await sessionRow(id)).toMatchObject({ revokedReason: 'password-reset' });
    const fresh = (reset.json() as { data: AuthResult }).data;
    expect((await listOf(fresh.token)).map((s) => s.id)).toEqual([fresh.sessionId]);
  });

  it("suspending a membership ends the member's sessions on that tenant only, as the owner's doing", async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const member = await signUp(t.app, 'acme');
    const elsewhere = await signIn(member, 'globex');
    const membership = await findMember(t.app.db, member.tenantMember!.tenant, member.user._id);
    const res = await call(owner.token, 'PUT', `tenant/acme/members/${membership!.id}/membership-status`, {
      membershipStatus: 'suspended',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sessionRow(member.sessionId)).toMatchObject({ revokedReason: 'membership-suspended' });
    expect((await sessionRow(elsewhere.sessionId)).revokedAt).toBeNull();
    const event = (await authEvents(member.tenantMember!.tenant, member.user._id)).at(-1)!;
    expect(event).toMatchObject({ userId: owner.user._id, message: '1 session ended: the membership was suspended' });
  });
});
