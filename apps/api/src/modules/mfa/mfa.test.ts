import { ACCOUNT_SECURITY_TEXTS, RECOVERY_CODE_COUNT, type AuthResult, type MfaChallenge } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, tenantMembers, tenants, userRecoveryCodes, userTotp, webauthnCredentials } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import {
  awaitMailTo,
  bearer,
  callerOf,
  insertInstitution,
  joinInstitutionTeam,
  lastMailTo,
  signUp,
  tenantEventsOf,
  useTestApp,
  type SignedUp,
} from '../../../test/factories.ts';
import { SoftAuthenticator, totpCode } from './mfa.test-helpers.ts';

let t: TestApp;
useTestApp(async (built) => {
  t = built;
});
const call = callerOf(() => t.app);
const ELEVEN_MINUTES = 11 * 60_000;

/** Signs in with the password at who's host: the raw answer. */
const signin = (who: SignedUp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: who.host },
    payload: { email: who.email, password: who.password },
  });

/** The challenge of a sign-in that needs the second step. */
async function challengeOf(who: SignedUp): Promise<MfaChallenge> {
  const res = await signin(who);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as MfaChallenge;
  expect(data.mfaRequired).toBe(true);
  return data;
}

const verify = (who: SignedUp, mfaToken: string, method: 'totp' | 'recovery', code: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/mfa/verify', headers: { host: who.host }, payload: { mfaToken, method, code } });

/** Sets up an authenticator app for who: its secret and the recovery codes. */
async function enrolTotp(who: SignedUp): Promise<{ secret: string; codes: string[] }> {
  const started = await call(who, 'POST', 'auth/mfa/totp');
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json().data as { secret: string };
  const confirmed = await call(who, 'POST', 'auth/mfa/totp/confirm', { code: totpCode(secret, t.clock.now()) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, codes: (confirmed.json().data as { codes: string[] }).codes };
}

const sessionOf = async (result: AuthResult) => (await t.app.db.select().from(sessions).where(eq(sessions.id, result.sessionId)))[0]!;

describe('the authenticator app (TOTP)', () => {
  it('enrols with a QR code, keeps the secret sealed, and issues recovery codes on the first factor', async () => {
    const who = await signUp(t.app, 'acme');
    const started = await call(who, 'POST', 'auth/mfa/totp');
    expect(started.statusCode, started.body).toBe(200);
    const enrollment = started.json().data as { secret: string; otpauthUrl: string; qrCode: string };
    expect(enrollment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment.otpauthUrl).toContain(`otpauth://totp/Acme%20Capital:${encodeURIComponent(who.email)}?`);
    expect(enrollment.otpauthUrl).toContain('issuer=Acme%20Capital');
    expect(enrollment.otpauthUrl).toContain('period=30');
    expect(enrollment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrollment.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const [stored] = await t.app.db.select().from(userTotp).where(eq(userTotp.userId, who.user._id));
    expect(stored!.secret.startsWith('v1:')).toBe(true);
    expect(stored!.secret).not.toContain(enrollment.secret);
    expect(stored!.confirmedAt).toBeNull();
    // Not a factor until confirmed: sign-in still gives a session.
    expect((await signin(who)).json().data.token).toBeTruthy();

    const wrong = await call(who, 'POST', 'auth/mfa/totp/confirm', { code: totpCode(enrollment.secret, t.clock.now(), 5) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);

    const confirmed = await call(who, 'POST', 'auth/mfa/totp/confirm', { code: totpCode(enrollment.secret, t.clock.now()) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { codes } = confirmed.json().data as { codes: string[] };
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const hashes = await t.app.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, who.user._id));
    expect(hashes.map((h) => h.codeHash).some((h) => codes.some((c) => h.includes(c.replaceAll('-', ''))))).toBe(false);

    const status = (await call(who, 'GET', 'auth/mfa')).json().data;
    expect(status).toMatchObject({ totp: { enabled: true }, passkeys: [], recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });
    // Another app while one is set up: remove it first.
    expect((await call(who, 'POST', 'auth/mfa/totp')).statusCode).toBe(409);

    const events = await tenantEventsOf(t.app, t.tenants.acme.id, who.user._id);
    const added = events.find((e) => e.message.startsWith('Authenticator app added'));
    expect(added).toMatchObject({ type: 'auth', meta: { change: { totp: { old: false, new: true } } } });
    expect(JSON.stringify(events)).not.toContain(enrollment.secret);
  });

  it('signs in in two steps: the password gives a challenge, the code a session of method totp', async () => {
    const who = await signUp(t.app, 'acme', { role: 'owner' });
    const { secret } = await enrolTotp(who);
    const challenge = await challengeOf(who);
    expect(challenge.methods).toEqual(['totp']);
    expect(challenge).not.toHaveProperty('token');

    t.clock.advance(30_000);
    const res = await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now()));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as AuthResult;
    expect(result.user._id).toBe(who.user._id);
    expect(result.tenantMember?.rbac.role).toBe('owner');
    expect(result.mfaSetupRequired).toBe(false);
    expect((await sessionOf(result)).method).toBe('totp');
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${who.user._id}`,
      headers: { host: who.host, ...bearer(result.token) },
    });
    expect(me.statusCode).toBe(200);
    // The challenge works once.
    t.clock.advance(30_000);
    const again = await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now()));
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired);
  });

  it('refuses a wrong code and a replayed one, with the same text', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    const challenge = await challengeOf(who);
    const wrong = await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now(), 3));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);
    // The code that confirmed the app, in the same 30 seconds: already used.
    const replay = await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now()));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);

    t.clock.advance(30_000);
    const code = totpCode(secret, t.clock.now());
    expect((await verify(who, challenge.mfaToken, 'totp', code)).statusCode).toBe(200);
    // The same code on a new sign-in, a minute later still inside the window: refused.
    const next = await challengeOf(who);
    const replayed = await verify(who, next.mfaToken, 'totp', code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);
    // So is the code of the step before (older than the last one used).
    expect((await verify(who, next.mfaToken, 'totp', totpCode(secret, t.clock.now(), -1))).statusCode).toBe(401);
  });

  it('accepts a code one step early or late, not two', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    t.clock.advance(120_000);
    const challenge = await challengeOf(who);
    expect((await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now(), 2))).statusCode).toBe(401);
    expect((await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now(), -2))).statusCode).toBe(401);
    expect((await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now(), 1))).statusCode).toBe(200);
  });

  it('a recovery code works once, in any case and without dashes', async () => {
    const who = await signUp(t.app, 'acme');
    const { codes } = await enrolTotp(who);
    const first = await challengeOf(who);
    const used = await verify(who, first.mfaToken, 'recovery', codes[0]!.toLowerCase().replaceAll('-', ''));
    expect(used.statusCode, used.body).toBe(200);
    expect((await sessionOf(used.json().data)).method).toBe('recovery');

    const second = await challengeOf(who);
    const again = await verify(who, second.mfaToken, 'recovery', codes[0]!);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.recoveryCodeInvalid);
    expect((await call(who, 'GET', 'auth/mfa')).json().data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    // New codes: the old ones stop working.
    const regenerated = await call(who, 'POST', 'auth/mfa/recovery-codes');
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect((await verify(who, second.mfaToken, 'recovery', codes[1]!)).statusCode).toBe(401);
    const fresh = (regenerated.json().data as { codes: string[] }).codes;
    expect((await verify(who, second.mfaToken, 'recovery', fresh[0]!)).statusCode).toBe(200);
  });

  it('spends a challenge after five wrong codes, and one after five minutes', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    const late = await challengeOf(who);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await verify(who, late.mfaToken, 'totp', totpCode(secret, t.clock.now()));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired);
    // A token of another tenant's address, or no token at all, is as expired.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mfa/verify',
      headers: { host: 'globex.localhost' },
      payload: { mfaToken: (await challengeOf(who)).mfaToken, method: 'totp', code: '123456' },
    });
    expect(elsewhere.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired);
    expect((await verify(who, 'not-a-token', 'totp', '123456')).statusCode).toBe(401);
  });

  it('answers 429 past five wrong answers for one account in 15 minutes, across challenges', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    const wrongCode = () => totpCode(secret, t.clock.now(), 4);
    const first = await challengeOf(who);
    for (let i = 0; i < 5; i++) expect((await verify(who, first.mfaToken, 'totp', wrongCode())).statusCode).toBe(401);
    // That challenge is spent…
    expect((await verify(who, first.mfaToken, 'totp', wrongCode())).json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaChallengeExpired);
    // …and the account is limited, even with the right code.
    const second = await challengeOf(who);
    const limited = await verify(who, second.mfaToken, 'totp', totpCode(secret, t.clock.now(), 1));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    t.clock.advance(15 * 60_000);
    const third = await challengeOf(who);
    expect((await verify(who, third.mfaToken, 'totp', totpCode(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('answers a wrong password the same whether or not the account has a second factor', async () => {
    const plain = await signUp(t.app, 'acme');
    const guarded = await signUp(t.app, 'acme');
    await enrolTotp(guarded);
    const wrong = (who: SignedUp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        headers: { host: who.host },
        payload: { email: who.email, password: 'wrong-password-1' },
      });
    const [a, b] = [await wrong(plain), await wrong(guarded)];
    expect([a.statusCode, b.statusCode]).toEqual([401, 401]);
    expect(a.json()).toEqual(b.json());
  });

  it('still refuses a suspended membership after the second factor', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    const challenge = await challengeOf(who);
    await t.app.db
      .update(tenantMembers)
      .set({ membershipStatus: 'suspended' })
      .where(and(eq(tenantMembers.userId, who.user._id), eq(tenantMembers.tenantId, t.tenants.acme.id)));
    t.clock.advance(30_000);
    const res = await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now()));
    expect(res.statusCode).toBe(403);
  });

  it('joins a new tenant on the second step, as a password-only sign-in does', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    const there = { ...who, host: 'globex.localhost' };
    const challenge = await challengeOf(there);
    t.clock.advance(30_000);
    const res = await verify(there, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tenantMember).toMatchObject({ rbac: { role: 'investor' }, membershipStatus: 'active' });
  });
});

describe('password reset', () => {
  it('sets the new password but asks for the second factor before a session', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v1/auth/${path}`, headers: { host: who.host }, payload });
    expect((await post('password-reset-request', { email: who.email })).statusCode).toBe(200);
    const { token } = await awaitMailTo(t.app, who.email);
    const reset = await post('password-reset-confirm', { resetToken: token, password: 'a-fresh-reset-phrase' });
    expect(reset.statusCode, reset.body).toBe(200);
    const challenge = reset.json().data as MfaChallenge;
    expect(challenge).toMatchObject({ mfaRequired: true, methods: ['totp'] });
    expect(reset.json().data).not.toHaveProperty('token');
    t.clock.advance(30_000);
    expect((await verify(who, challenge.mfaToken, 'totp', totpCode(secret, t.clock.now()))).statusCode).toBe(200);
    expect((await challengeOf({ ...who, password: 'a-fresh-reset-phrase' })).methods).toEqual(['totp']);
  });
});

describe('step-up', () => {
  it('asks a session verified more than ten minutes ago to confirm, with a second factor when there is one', async () => {
    const who = await signUp(t.app, 'acme');
    const { secret } = await enrolTotp(who);
    t.clock.advance(ELEVEN_MINUTES);
    const refused = await call(who, 'DELETE', 'auth/mfa/totp');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);

    const withPassword = await call(who, 'POST', 'auth/step-up', { method: 'password', password: who.password });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpNeedsSecondFactor);
    const wrong = await call(who, 'POST', 'auth/step-up', { method: 'totp', code: totpCode(secret, t.clock.now(), 3) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaCodeInvalid);

    const ok = await call(who, 'POST', 'auth/step-up', { method: 'totp', code: totpCode(secret, t.clock.now()) });
    expect(ok.statusCode, ok.body).toBe(200);
    const until = new Date(ok.json().data.verifiedUntil).getTime();
    expect(until - t.clock.now().getTime()).toBeGreaterThan(9 * 60_000);
    expect((await t.app.db.select().from(sessions).where(eq(sessions.id, who.sessionId)))[0]!.verifiedAt).not.toBeNull();

    const removed = await call(who, 'DELETE', 'auth/mfa/totp');
    expect(removed.statusCode, removed.body).toBe(204);
    // The last factor gone: the recovery codes with it, and a mail.
    expect(await t.app.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, who.user._id))).toEqual([]);
    const { mail } = await lastMailTo(t.app, who.email);
    expect(mail?.subject).toBe('Two-step verification was turned off for your Acme Capital account');
    expect((await signin(who)).json().data.token).toBeTruthy();
    const events = await tenantEventsOf(t.app, t.tenants.acme.id, who.user._id);
    expect(events.map((e) => e.message)).toContain('Authenticator app removed from two-step verification');
  });

  it('takes the password when the account has no second factor, and refuses a wrong one', async () => {
    const who = await signUp(t.app, 'acme');
    t.clock.advance(ELEVEN_MINUTES);
    const wrong = await call(who, 'POST', 'auth/step-up', { method: 'password', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.currentPasswordWrong);
    const ok = await call(who, 'POST', 'auth/step-up', { method: 'password', password: who.password });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('adding a second factor next to a first needs a fresh step-up; the first does not', async () => {
    const who = await signUp(t.app, 'acme');
    t.clock.advance(ELEVEN_MINUTES);
    // The first factor: no step-up.
    const { secret } = await enrolTotp(who);
    t.clock.advance(ELEVEN_MINUTES);
    const refused = await call(who, 'POST', 'auth/mfa/passkeys/options');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    expect((await call(who, 'POST', 'auth/mfa/recovery-codes')).statusCode).toBe(403);
    await call(who, 'POST', 'auth/step-up', { method: 'totp', code: totpCode(secret, t.clock.now()) });
    expect((await call(who, 'POST', 'auth/mfa/passkeys/options')).statusCode).toBe(200);
  });
});

describe('passkeys (WebAuthn)', () => {
  const origin = 'http://acme.localhost';

  async function registerPasskey(who: SignedUp, authenticator: SoftAuthenticator, name = 'Test key') {
    const options = (await call(who, 'POST', 'auth/mfa/passkeys/options')).json().data;
    return call(who, 'POST', 'auth/mfa/passkeys', { name, response: authenticator.attest(options, origin) });
  }

  it("offers registration options for this address's relying party", async () => {
    const who = await signUp(t.app, 'acme', { firstname: 'Pat', lastname: 'Key' });
    const res = await call(who, 'POST', 'auth/mfa/passkeys/options');
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().data;
    expect(options.rp).toEqual({ name: 'Acme Capital', id: 'acme.localhost' });
    expect(options.user).toMatchObject({ name: who.email, displayName: 'Pat Key', id: Buffer.from(who.user._id).toString('base64url') });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });
    expect(options.attestation).toBe('none');
    expect(options.excludeCredentials).toEqual([]);
    expect(options.challenge).toMatch(/^[\w-]{20,}$/);
  });

  it('registers a passkey, signs in with it, and refuses a forged or replayed assertion', async () => {
    const who = await signUp(t.app, 'acme');
    const authenticator = new SoftAuthenticator();
    const registered = await registerPasskey(who, authenticator, 'Laptop');
    expect(registered.statusCode, registered.body).toBe(201);
    const passkey = registered.json().data;
    expect(passkey).toMatchObject({ name: 'Laptop', lastUsedAt: null, backedUp: false });
    expect(passkey.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const [row] = await t.app.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, who.user._id));
    expect(row).toMatchObject({ credentialId: authenticator.id, counter: 0, transports: ['internal'] });

    const challenge = await challengeOf(who);
    expect(challenge.methods).toEqual(['webauthn']);
    const optionsRes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mfa/passkey/options',
      headers: { host: who.host },
      payload: { mfaToken: challenge.mfaToken },
    });
    expect(optionsRes.statusCode, optionsRes.body).toBe(200);
    const options = optionsRes.json().data;
    expect(options.rpId).toBe('acme.localhost');
    expect(options.allowCredentials).toEqual([{ id: authenticator.id, type: 'public-key', transports: ['internal'] }]);

    const passkeyVerify = (response: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/mfa/passkey/verify',
        headers: { host: who.host },
        payload: { mfaToken: challenge.mfaToken, response },
      });
    // Signed by another key under the same credential id: refused.
    const forger = new SoftAuthenticator();
    const forged = forger.assert(options, origin);
    const refused = await passkeyVerify({ ...forged, id: authenticator.id, rawId: authenticator.id });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.passkeyFailed);
    // Made for another origin: refused.
    expect((await passkeyVerify(authenticator.assert(options, 'http://evil.localhost'))).statusCode).toBe(401);

    const ok = await passkeyVerify(authenticator.assert(options, origin));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await sessionOf(ok.json().data)).method).toBe('webauthn');
    const [after] = await t.app.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, who.user._id));
    expect(after!.counter).toBe(authenticator.counter);
    expect(after!.lastUsedAt).not.toBeNull();

    // A counter that goes backwards (a cloned authenticator) is refused on a new sign-in.
    const next = await challengeOf(who);
    const nextOptions = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/mfa/passkey/options',
        headers: { host: who.host },
        payload: { mfaToken: next.mfaToken },
      })
    ).json().data;
    const cloned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/mfa/passkey/verify',
      headers: { host: who.host },
      payload: { mfaToken: next.mfaToken, response: authenticator.assert(nextOptions, origin, authenticator.counter) },
    });
    expect(cloned.statusCode).toBe(401);
  });

  it('refuses an attestation over an unknown challenge or from another origin, and removes a passkey with step-up', async () => {
    const who = await signUp(t.app, 'acme');
    const authenticator = new SoftAuthenticator();
    const unknown = await call(who, 'POST', 'auth/mfa/passkeys', {
      name: 'Forged',
      response: authenticator.attest({ challenge: 'bm90LWEtcmVhbC1jaGFsbGVuZ2U', rp: { id: 'acme.localhost' } }, origin),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.passkeyFailed);
    const options = (await call(who, 'POST', 'auth/mfa/passkeys/options')).json().data;
    const otherOrigin = await call(who, 'POST', 'auth/mfa/passkeys', {
      name: 'Forged',
      response: authenticator.attest(options, 'http://globex.localhost'),
    });
    expect(otherOrigin.statusCode).toBe(400);
    // The challenge was spent by that failure.
    expect(
      (await call(who, 'POST', 'auth/mfa/passkeys', { name: 'Late', response: authenticator.attest(options, origin) })).statusCode,
    ).toBe(400);

    const registered = (await registerPasskey(who, authenticator)).json().data;
    const other = await signUp(t.app, 'acme');
    expect((await call(other, 'DELETE', `auth/mfa/passkeys/${registered.id}`)).statusCode).toBe(404);

    t.clock.advance(ELEVEN_MINUTES);
    expect((await call(who, 'DELETE', `auth/mfa/passkeys/${registered.id}`)).statusCode).toBe(403);
    const stepOptions = (await call(who, 'POST', 'auth/step-up/options')).json().data;
    const stepped = await call(who, 'POST', 'auth/step-up', { method: 'webauthn', response: authenticator.assert(stepOptions, origin) });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await call(who, 'DELETE', `auth/mfa/passkeys/${registered.id}`)).statusCode).toBe(204);
    expect((await call(who, 'GET', 'auth/mfa')).json().data).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 });
  });
});

describe("the tenant's policy", () => {
  const policy = (who: SignedUp, requireMfa?: boolean) =>
    call(
      who,
      requireMfa === undefined ? 'GET' : 'PUT',
      `tenant/${t.tenants.globex.id}/security-policy`,
      requireMfa === undefined ? undefined : { requireMfa },
    );

  it('is read and changed by owners only, with a timeline event; another tenant sees 404', async () => {
    const owner = await signUp(t.app, 'globex', { role: 'owner' });
    const investor = await signUp(t.app, 'globex');
    const otherOwner = await signUp(t.app, 'acme', { role: 'owner' });
    expect((await policy(owner)).json().data).toEqual({ requireMfa: false });
    expect((await policy(investor)).statusCode).toBe(403);
    expect((await policy(investor, true)).statusCode).toBe(403);
    expect((await policy(otherOwner)).statusCode).toBe(404);
    expect((await policy(otherOwner, true)).statusCode).toBe(404);
    // Not before the owner has a second factor: they would lock themselves out of everything but setting one up.
    const early = await policy(owner, true);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.policyNeedsOwnFactor);

    await enrolTotp(owner);
    const on = await policy(owner, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ requireMfa: true });
    const events = await tenantEventsOf(t.app, t.tenants.globex.id, t.tenants.globex.id);
    expect(events.at(-1)).toMatchObject({
      type: 'update',
      userId: owner.user._id,
      meta: { change: { requireMfa: { old: false, new: true } } },
    });
    const off = await policy(owner, false);
    expect(off.json().data).toEqual({ requireMfa: false });
  });

  it('keeps owners and institution team members without a factor to setting one up; investors go on', async () => {
    const owner = await signUp(t.app, 'globex', { role: 'owner' });
    const investor = await signUp(t.app, 'globex');
    const gp = await signUp(t.app, 'globex');
    const otherOwner = await signUp(t.app, 'globex', { role: 'owner' });
    await joinInstitutionTeam(
      t.app,
      t.tenants.globex.id,
      gp.user._id,
      await insertInstitution(t.app, t.tenants.globex.id, 'Policy Fund'),
      null,
    );
    await enrolTotp(owner);
    expect((await policy(owner, true)).statusCode).toBe(200);
    try {
      const members = `tenant/${t.tenants.globex.id}/members`;
      expect((await call(owner, 'GET', members)).statusCode).toBe(200);
      for (const who of [otherOwner, gp]) {
        const refused = await call(who, 'GET', `user/${who.user._id}/events`);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.mfaSetupRequired);
        // What the web app needs to load and to set a factor up still answers.
        expect((await call(who, 'GET', `user/${who.user._id}`)).statusCode).toBe(200);
        expect((await call(who, 'GET', 'auth/mfa')).json().data).toMatchObject({ required: true });
        const fresh = (await signin(who)).json().data as AuthResult;
        expect(fresh.mfaSetupRequired).toBe(true);
      }
      expect((await call(investor, 'GET', `user/${investor.user._id}/events`)).statusCode).toBe(200);
      expect((await signin(investor)).json().data.mfaSetupRequired).toBe(false);
      expect((await call(investor, 'GET', 'auth/mfa')).json().data.required).toBe(false);

      await enrolTotp(otherOwner);
      expect((await call(otherOwner, 'GET', members)).statusCode).toBe(200);
      expect((await call(gp, 'GET', `tenant/${t.tenants.globex.id}/institutions`)).statusCode).toBe(403);
    } finally {
      await t.app.db.update(tenants).set({ requireMfa: false }).where(eq(tenants.id, t.tenants.globex.id));
      t.app.tenantCache.invalidate();
    }
  });

  it('changing it needs a fresh step-up', async () => {
    const owner = await signUp(t.app, 'globex', { role: 'owner' });
    t.clock.advance(ELEVEN_MINUTES);
    const refused = await policy(owner, false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_TEXTS.stepUpRequired);
    expect((await call(owner, 'POST', 'auth/step-up', { method: 'password', password: owner.password })).statusCode).toBe(200);
    expect((await policy(owner, false)).statusCode).toBe(200);
  });
});
