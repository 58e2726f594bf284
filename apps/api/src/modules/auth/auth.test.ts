import { AUTH_ERRORS, decodeTokenPayload, type AuthResult } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users, type TenantMemberRow } from '../../db/schema/index.ts';
import { MEMBERSHIP_EXPIRED } from '../../lib/auth-context.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { awaitMailTo, bearer, lastMailTo, PASSWORD, signUp, uniqueEmail, type SignedUp } from '../../../test/factories.ts';
import { findMember, updateMember } from '../tenants/index.ts';
import { updateUser } from '../users/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, slug = 'acme') =>
  t.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, headers: { host: hostOf(slug), ...headers }, payload });
/** A signed-in call with `token`: whether its session still works. */
const probe = (token: string, slug = 'acme') =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: { host: hostOf(slug), ...bearer(token) } });
const userCount = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const setMembership = async (who: SignedUp, values: Partial<Pick<TenantMemberRow, 'membershipStatus' | 'expiresAt'>>) => {
  const member = await findMember(t.app.db, who.tenantMember!.tenant, who.user._id);
  await updateMember(t.app.db, member!.tenantId, member!.id, values);
};

describe('sign-up', () => {
  it('creates the account, makes it an active investor member and signs it in', async () => {
    const email = uniqueEmail('Mixed.Case');
    const res = await post('signup', { email, password: PASSWORD, firstname: 'Ada', lastname: 'Lovelace', acceptDisclosures: true });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: AuthResult };
    expect(data.user.email).toBe(email.toLowerCase());
    expect(data.user).not.toHaveProperty('passwordHash');
    expect(data.tenantMember).toMatchObject({ tenant: t.tenants.acme.id, membershipStatus: 'active', rbac: { role: 'investor' } });
    const payload = decodeTokenPayload(data.token)!;
    expect(payload).toMatchObject({
      userId: data.user._id,
      userEmail: data.user.email,
      userRole: 'user',
      userFirstname: 'Ada',
      userLastname: 'Lovelace',
      tenantId: t.tenants.acme.id,
    });
    expect(typeof payload.exp).toBe('number');

    const me = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${data.user._id}`,
      headers: { host: hostOf('acme'), ...bearer(data.token) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.firstname).toBe('Ada');
  });

  it('refuses a body without accepted disclosures, naming the field, and writes nothing', async () => {
    const before = await userCount();
    const res = await post('signup', { email: uniqueEmail(), password: PASSWORD, firstname: 'A', lastname: 'B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ type: 'validation', name: 'ValidationError', status: 400 });
    expect(res.json().error.message).toContain('body.acceptDisclosures');
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ firstname: '' }, 'First name is required'],
  ])('rejects %j with a message a person can act on', async (override, message) => {
    const res = await post('signup', {
      email: uniqueEmail(),
      password: PASSWORD,
      firstname: 'A',
      lastname: 'B',
      acceptDisclosures: true,
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('refuses an address that already has an account', async () => {
    const existing = await signUp(t.app, 'acme');
    const res = await post('signup', {
      email: existing.email.toUpperCase(),
      password: PASSWORD,
      firstname: 'A',
      lastname: 'B',
      acceptDisclosures: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_ERRORS.emailTaken);
  });

  it('refuses malformed JSON with the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { host: hostOf('acme'), 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ type: 'bad-request', message: 'The request body is not valid JSON' });
  });
});

describe('sign-in', () => {
  it('signs in with the right password and joins a new tenant as an investor', async () => {
    const user = await signUp(t.app, 'acme');
    const res = await post('signin', { email: user.email, password: PASSWORD }, {}, 'globex');
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: AuthResult };
    expect(data.tenantMember).toMatchObject({ tenant: t.tenants.globex.id, membershipStatus: 'active' });
    expect(decodeTokenPayload(data.token)!.tenantId).toBe(t.tenants.globex.id);
  });

  it('answers a wrong password and an unknown address the same way', async () => {
    const user = await signUp(t.app, 'acme');
    const wrong = await post('signin', { email: user.email, password: 'wrong-password' });
    const unknown = await post('signin', { email: uniqueEmail(), password: 'wrong-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({
        type: 'unauthenticated',
        name: 'AuthenticationError',
        message: AUTH_ERRORS.invalidCredentials,
        status: 401,
      });
    }
  });

  it('refuses a suspended account, and its existing sessions', async () => {
    const user = await signUp(t.app, 'acme');
    await updateUser(t.app.db, user.user._id, { accountStatus: 'suspended' });
    const res = await post('signin', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(AUTH_ERRORS.accountSuspended);
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${user.user._id}`,
      headers: { host: user.host, ...bearer(user.token) },
    });
    expect(me.statusCode).toBe(403);
  });

  it('refuses a suspended membership with its own text, in that tenant only', async () => {
    const user = await signUp(t.app, 'acme');
    await setMembership(user, { membershipStatus: 'suspended' });
    const res = await post('signin', { email: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ type: 'forbidden', message: AUTH_ERRORS.membershipSuspended, status: 403 });
    expect((await post('signin', { email: user.email, password: PASSWORD }, {}, 'globex')).statusCode).toBe(200);
  });

  it('refuses a tenantId that is not the tenant of the address', async () => {
    const user = await signUp(t.app, 'acme');
    const res = await post('signin', { email: user.email, password: PASSWORD, tenantId: t.tenants.globex.id });
    expect(res.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('refreshes a session with a later expiry', async () => {
    const user = await signUp(t.app, 'acme');
    t.clock.advance(60_000);
    const res = await post('token-refresh', { email: user.email, refreshToken: user.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = (res.json() as { data: AuthResult }).data;
    expect(decodeTokenPayload(next.token)!.exp as number).toBeGreaterThan(decodeTokenPayload(user.token)!.exp as number);
    expect(next.sessionId).toBe(user.sessionId);
    expect(next.refreshToken).not.toBe(user.refreshToken);
  });

  it('refuses an expired token with the session-expired text', async () => {
    const user = await signUp(t.app, 'acme');
    t.clock.advance(31 * 60_000);
    const res = await probe(user.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(AUTH_ERRORS.sessionExpired);
  });

  it('keeps refreshing for a working day, but not past SESSION_MAX_HOURS from sign-in (a password change does not restart it)', async () => {
    const user = await signUp(t.app, 'acme');
    const started = decodeTokenPayload(user.token)!.iat as number;
    let session: AuthResult = user;
    const refresh = () => post('token-refresh', { refreshToken: session.refreshToken });
    // Every 25 minutes for 11 h 40 min: each refresh carries the sign-in time forward unchanged.
    for (let i = 0; i < 28; i++) {
      t.clock.advance(25 * 60_000);
      const res = await refresh();
      expect(res.statusCode).toBe(200);
      session = (res.json() as { data: AuthResult }).data;
      expect(decodeTokenPayload(session.token)!.sat).toBe(started);
    }
    const changed = await post(
      'password-update',
      { currentPassword: PASSWORD, newPassword: 'a-brand-new-password' },
      bearer(session.token),
    );
    session = (changed.json() as { data: AuthResult }).data;
    expect(decodeTokenPayload(session.token)!.sat).toBe(started);
    t.clock.advance(25 * 60_000);
    const ended = await refresh();
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe(AUTH_ERRORS.sessionExpired);
    expect((await post('signin', { email: user.email, password: 'a-brand-new-password' })).statusCode).toBe(200);
  });

  it('refuses a missing, forged or other-tenant token', async () => {
    const user = await signUp(t.app, 'acme');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: { host: hostOf('acme') } })).statusCode).toBe(401);
    const forged = `${user.token.slice(0, -4)}AAAA`;
    expect((await probe(forged)).statusCode).toBe(401);
    expect((await probe(user.token, 'globex')).statusCode).toBe(401);
  });

  it('changing the password ends earlier sessions and e-mails the user', async () => {
    const user = await signUp(t.app, 'acme');
    const res = await post('password-update', { currentPassword: PASSWORD, newPassword: 'a-brand-new-password' }, bearer(user.token));
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { data: AuthResult }).data.token;
    expect((await probe(user.token)).statusCode).toBe(401);
    expect((await probe(fresh)).statusCode).toBe(200);
    expect((await post('signin', { email: user.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('signin', { email: user.email, password: 'a-brand-new-password' })).statusCode).toBe(200);
    expect((await lastMailTo(t.app, user.email)).mail?.subject).toContain('password was changed');
  });

  it('refuses a too-short new password and changes nothing', async () => {
    const user = await signUp(t.app, 'acme');
    const res = await post('password-update', { currentPassword: PASSWORD, newPassword: 'short' }, bearer(user.token));
    expect(res.statusCode).toBe(400);
    expect((await post('signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and sends no mail', async () => {
    const email = uniqueEmail();
    const res = await post('password-reset-request', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    expect((await lastMailTo(t.app, email)).mail).toBeUndefined();
  });

  it('resets through the e-mailed link once, and ends earlier sessions', async () => {
    const user = await signUp(t.app, 'acme');
    expect((await post('password-reset-request', { email: user.email })).json()).toEqual({ data: { sent: true } });
    const { mail, token } = await awaitMailTo(t.app, user.email);
    expect(mail?.text).toContain('http://acme.localhost/password-reset/confirm?token=');
    const res = await post('password-reset-confirm', { resetToken: token, password: 'reset-password-1' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: AuthResult }).data.user.email).toBe(user.email);
    const again = await post('password-reset-confirm', { resetToken: token, password: 'reset-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(AUTH_ERRORS.resetTokenInvalid);
    expect((await probe(user.token)).statusCode).toBe(401);
    expect((await post('signin', { email: user.email, password: 'reset-password-1' })).statusCode).toBe(200);
  });

  it('answers a known and an unknown address identically, without waiting for the mail, and keeps mail failures to itself', async () => {
    const user = await signUp(t.app, 'acme');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = vi.spyOn(t.app.mailer, 'send').mockImplementation(async () => {
      await held;
      throw new Error('SMTP server unreachable');
    });
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      const known = await post('password-reset-request', { email: user.email });
      const unknown = await post('password-reset-request', { email: uniqueEmail() });
      const seen = (res: typeof known) => ({
        status: res.statusCode,
        body: res.body,
        type: res.headers['content-type'],
        length: res.headers['content-length'],
      });
      expect(seen(known)).toEqual(seen(unknown));
      expect(known.json()).toEqual({ data: { sent: true } });
      // The known address's answer came back while its mail was still held up.
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      release();
      await vi.waitFor(() =>
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ err: expect.objectContaining({ message: 'SMTP server unreachable' }) }),
          expect.any(String),
        ),
      );
    } finally {
      release();
      send.mockRestore();
      logged.mockRestore();
    }
  });

  it('says when the reset token is expired, invalid or missing', async () => {
    const user = await signUp(t.app, 'acme');
    await post('password-reset-request', { email: user.email });
    const { token } = await awaitMailTo(t.app, user.email);
    t.clock.advance(61 * 60_000);
    const expired = await post('password-reset-confirm', { resetToken: token, password: 'reset-password-1' });
    expect(expired.json().error.message).toBe(AUTH_ERRORS.resetTokenExpired);
    const garbage = await post('password-reset-confirm', { resetToken: 'not.a.token', password: 'reset-password-1' });
    expect(garbage.json().error.message).toBe(AUTH_ERRORS.resetTokenInvalid);
    const missing = await post('password-reset-confirm', { resetToken: '', password: 'reset-password-1' });
    expect(missing.json().error.message).toContain(AUTH_ERRORS.resetTokenMissing);
  });
});

describe('invitations', () => {
  it('only owners and editors may invite', async () => {
    const investor = await signUp(t.app, 'acme');
    const res = await post('invite', { email: uniqueEmail(), firstname: 'New', lastname: 'Person' }, bearer(investor.token));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.type).toBe('forbidden');
  });

  it('invites a new address; the invitee finishes through the e-mailed link once', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const email = uniqueEmail('invitee');
    const res = await post('invite', { email, firstname: 'Grace', lastname: 'Hopper', role: 'member' }, bearer(owner.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tenantMember).toMatchObject({
      membershipStatus: 'invited',
      rbac: { role: 'member' },
      signupStatus: 'partial',
      user: null,
    });

    const { token } = await lastMailTo(t.app, email);
    const claims = decodeTokenPayload(token!)!;
    expect(claims).toMatchObject({ email, firstname: 'Grace', lastname: 'Hopper', tenantId: t.tenants.acme.id });

    // An invited address cannot be claimed through plain sign-up.
    const signup = await post('signup', { email, password: PASSWORD, firstname: 'X', lastname: 'Y', acceptDisclosures: true });
    expect(signup.statusCode).toBe(409);

    const body = {
      email,
      password: PASSWORD,
      firstname: 'Grace',
      lastname: 'Hopper',
      acceptDisclosures: true,
      inviteToken: token,
      tenantId: t.tenants.acme.id,
    };
    const accepted = await post('invite-accept', body);
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as { data: AuthResult }).data.tenantMember).toMatchObject({
      membershipStatus: 'active',
      rbac: { role: 'member' },
    });
    const reused = await post('invite-accept', body);
    expect(reused.json().error.message).toBe(AUTH_ERRORS.signupTokenInvalid);
  });

  it('says when the invite token is expired, invalid, missing or for another tenant', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const email = uniqueEmail('late');
    await post('invite', { email, firstname: 'Late', lastname: 'Comer' }, bearer(owner.token));
    const { token } = await lastMailTo(t.app, email);
    const body = { email, password: PASSWORD, firstname: 'Late', lastname: 'Comer', acceptDisclosures: true };
    expect((await post('invite-accept', { ...body, inviteToken: 'garbage' })).json().error.message).toBe(AUTH_ERRORS.signupTokenInvalid);
    expect((await post('invite-accept', { ...body, inviteToken: '' })).json().error.message).toContain(AUTH_ERRORS.signupTokenMissing);
    expect((await post('invite-accept', { ...body, inviteToken: token }, {}, 'globex')).json().error.message).toBe(
      AUTH_ERRORS.signupTokenInvalid,
    );
    const other = uniqueEmail('expired');
    await post('invite', { email: other, firstname: 'Late', lastname: 'Comer' }, bearer(owner.token));
    const { token: old } = await lastMailTo(t.app, other);
    t.clock.advance(8 * 24 * 3600_000);
    expect((await post('invite-accept', { ...body, email: other, inviteToken: old })).json().error.message).toBe(
      AUTH_ERRORS.signupTokenExpired,
    );
  });

  it('refuses to finish an invitation under another address, and the link still works for the invitee', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const email = uniqueEmail('invitee');
    await post('invite', { email, firstname: 'Ida', lastname: 'Invited' }, bearer(owner.token));
    const { token } = await lastMailTo(t.app, email);
    const body = {
      email: uniqueEmail('someone-else'),
      password: PASSWORD,
      firstname: 'Ida',
      lastname: 'Invited',
      acceptDisclosures: true,
      inviteToken: token,
    };
    const res = await post('invite-accept', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ type: 'bad-request', message: AUTH_ERRORS.inviteEmailMismatch, status: 400 });
    expect((await post('invite-accept', { ...body, email })).statusCode).toBe(200);
  });

  it('invites an existing account like a new address; they accept by signing in here, and a second invitation is refused', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const existing = await signUp(t.app, 'globex', { firstname: 'Real', lastname: 'Name' });
    const res = await post('invite', { email: existing.email, firstname: 'Ex', lastname: 'Isting', role: 'viewer' }, bearer(owner.token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tenantMember).toMatchObject({
      membershipStatus: 'invited',
      firstname: 'Ex',
      lastname: 'Isting',
      user: null,
      signupStatus: 'partial',
      rbac: { role: 'viewer' },
    });
    const { mail, token } = await lastMailTo(t.app, existing.email);
    expect(mail?.subject).toBe('You are invited to Acme Capital');
    expect(mail?.text).toContain('Sign in with your existing account to accept');
    expect(decodeTokenPayload(token!)).toMatchObject({ email: existing.email, account: true, tenantId: t.tenants.acme.id });
    // Still a member of globex only, with their session there untouched.
    expect((await findMember(t.app.db, t.tenants.acme.id, existing.user._id))?.membershipStatus).toBe('invited');
    expect((await post('token-refresh', { refreshToken: existing.refreshToken }, {}, 'globex')).statusCode).toBe(200);
    const again = await post('invite', { email: existing.email, firstname: 'Ex', lastname: 'Isting' }, bearer(owner.token));
    expect(again.statusCode).toBe(409);

    // Signing in on acme's address accepts: the membership becomes active with the account's own names.
    const signedIn = await post('signin', { email: existing.email, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json() as { data: AuthResult }).data.tenantMember).toMatchObject({
      membershipStatus: 'active',
      firstname: 'Real',
      lastname: 'Name',
      rbac: { role: 'viewer' },
    });
    // The e-mailed link then confirms it once, for that account only.
    const session = bearer((signedIn.json() as { data: AuthResult }).data.token);
    const confirmed = await post('invite-accept-existing', { inviteToken: token }, session);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((confirmed.json() as { data: AuthResult }).data.tenantMember).toMatchObject({ membershipStatus: 'active' });
    expect((await post('invite-accept-existing', { inviteToken: token }, session)).json().error.message).toBe(
      AUTH_ERRORS.signupTokenInvalid,
    );
  });

  it("accepts an existing account's invitation only for that account, on that tenant, while it stands", async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const invitee = await signUp(t.app, 'globex');
    await post('invite', { email: invitee.email, firstname: 'In', lastname: 'Vitee' }, bearer(owner.token));
    const { token } = await lastMailTo(t.app, invitee.email);
    const bystander = await signUp(t.app, 'acme');
    const wrongAccount = await post('invite-accept-existing', { inviteToken: token }, bearer(bystander.token));
    expect(wrongAccount.statusCode).toBe(400);
    expect(wrongAccount.json().error.message).toBe(AUTH_ERRORS.inviteEmailMismatch);
    // On globex's address (where the invitee is signed in) the acme link is not valid.
    const otherTenant = await post('invite-accept-existing', { inviteToken: token }, bearer(invitee.token), 'globex');
    expect(otherTenant.json().error.message).toBe(AUTH_ERRORS.signupTokenInvalid);
    expect((await post('invite-accept-existing', { inviteToken: token })).statusCode).toBe(401);

    // An invitation the owner withdraws can no longer be accepted by signing in.
    const member = await findMember(t.app.db, t.tenants.acme.id, invitee.user._id);
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tenant/${t.tenants.acme.id}/members/${member!.id}/membership-status`,
      headers: { host: hostOf('acme'), ...bearer(owner.token) },
      payload: { membershipStatus: 'invite-rejected' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const signin = await post('signin', { email: invitee.email, password: PASSWORD });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().error.message).toBe(AUTH_ERRORS.inviteWithdrawn);
    expect((await findMember(t.app.db, t.tenants.acme.id, invitee.user._id))?.membershipStatus).toBe('invite-rejected');
  });
});

describe('membership expiry', () => {
  const inAnHour = () => new Date(t.clock.now().getTime() + 3600_000);
  const aSecondAgo = () => new Date(t.clock.now().getTime() - 1000);

  it('refuses a member past their expiry at sign-in and on their next call, like a suspended one', async () => {
    const user = await signUp(t.app, 'acme');
    await setMembership(user, { expiresAt: inAnHour() });
    expect((await probe(user.token)).statusCode).toBe(200);
    expect((await post('signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);

    await setMembership(user, { expiresAt: aSecondAgo() });
    const expired = { type: 'forbidden', name: 'ForbiddenError', message: MEMBERSHIP_EXPIRED, status: 403 };
    const call = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${user.user._id}`,
      headers: { host: user.host, ...bearer(user.token) },
    });
    expect(call.statusCode).toBe(403);
    expect(call.json().error).toEqual(expired);
    const signin = await post('signin', { email: user.email, password: PASSWORD });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().error).toEqual(expired);
    // Only the expired membership: the account still signs in to other tenants.
    expect((await post('signin', { email: user.email, password: PASSWORD }, {}, 'globex')).statusCode).toBe(200);
  });

  it('refuses an invitation whose membership has expired before it is accepted', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const email = uniqueEmail('too-late');
    const invited = await post(
      'invite',
      { email, firstname: 'Tom', lastname: 'Late', expiresAt: inAnHour().toISOString() },
      bearer(owner.token),
    );
    expect(invited.statusCode, invited.body).toBe(200);
    const { token } = await lastMailTo(t.app, email);
    await updateMember(t.app.db, t.tenants.acme.id, invited.json().data.tenantMember._id, { expiresAt: aSecondAgo() });
    const res = await post('invite-accept', {
      email,
      password: PASSWORD,
      firstname: 'Tom',
      lastname: 'Late',
      acceptDisclosures: true,
      inviteToken: token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MEMBERSHIP_EXPIRED);
  });

  it('never refuses a platform admin for an expired membership', async () => {
    const admin = await signUp(t.app, 'acme', { admin: true });
    await setMembership(admin, { expiresAt: aSecondAgo() });
    expect((await probe(admin.token)).statusCode).toBe(200);
    expect((await post('signin', { email: admin.email, password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 in the envelope once the limit is reached', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signin',
          headers: { host: 'acme.localhost' },
          payload: { email: 'x@example.com', password: 'whatever-1' },
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(401);
      const res = await send();
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({ type: 'rate-limited', name: 'RateLimitError', status: 429 });
      expect(res.json().error.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
