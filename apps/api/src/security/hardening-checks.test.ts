import { AUTH_ERRORS } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/index.ts';
import { appSecrets } from '../db/schema/index.ts';
import { BOOT_LOADER_CSP_SOURCE } from '../web-shell/boot-loader.ts';
import { EARLY_GETS_SCRIPT_CSP_SOURCE } from '../web-shell/early-gets.ts';
import { MEMBER_SCRIPT_CSP_SOURCE } from '../web-shell/first-screen-member.ts';
import { buildTestApp, hostOf, PRODUCTION_SECRETS, type TestApp } from '../../test/build-test-app.ts';
import { awaitMailTo, bearer, signUp, uniqueEmail } from '../../test/factories.ts';

// Small ASVS checks whose behaviour was right but unproven (SECURITY.md's checklist names each test).
let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  [t, prod] = await Promise.all([buildTestApp(), buildTestApp({ NODE_ENV: 'production', ...PRODUCTION_SECRETS })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), prod?.close()]);
});

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const post = (app: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: `/api/v1/auth/${url}`, headers: { host: hostOf('acme'), ...headers }, payload: payload as object });
/** A signed-in call with `token`. */
const probe = (app: TestApp, token: string) =>
  app.app.inject({ method: 'GET', url: '/api/v1/auth/sessions', headers: { host: hostOf('acme'), ...bearer(token) } });

describe('browser security headers (V3.4)', () => {
  it('sends HSTS in production, a strict Referrer-Policy and frame-ancestors none', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: hostOf('acme') } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    // No <base> hijacking, and script that got in has no other host to send data to (not even any ws: host).
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    const dev = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: hostOf('acme') } });
    expect(dev.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends exactly this CSP: frames only from the video players the media editor embeds (issue #17), all else closed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: hostOf('acme') } });
    // The whole policy, directive by directive (their order means nothing).
    expect(String(res.headers['content-security-policy']).split(';').sort()).toEqual(
      [
        "default-src 'self'",
        `script-src 'self' ${BOOT_LOADER_CSP_SOURCE} ${MEMBER_SCRIPT_CSP_SOURCE} ${EARLY_GETS_SCRIPT_CSP_SOURCE}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "frame-src https://www.youtube-nocookie.com https://player.vimeo.com 'self' blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "script-src-attr 'none'",
      ].sort(),
    );
  });
});

describe('request shape (V4, V3.5)', () => {
  it('refuses a JSON route called with a form or text body (no CSRF through simple requests)', async () => {
    const email = uniqueEmail();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await post(t, 'signup', `email=${email}&password=long-enough-pass`, { 'content-type': type });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.status).toBe(res.statusCode);
      expect((await post(t, 'signin', { email, password: 'long-enough-pass' })).statusCode, 'no account was made').toBe(401);
    }
  });

  it('answers TRACE and probes for repository or server files with 404, never their contents', async () => {
    for (const [method, url] of [
      ['TRACE', '/api/v1/health'],
      ['GET', '/.git/config'],
      ['GET', '/.env'],
      ['GET', '/api/v1/../../package.json'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { host: hostOf('acme') } });
      expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
      expect(res.body).not.toMatch(/\[core\]|DATABASE_URL|"workspaces"/);
    }
  });
});

describe('passwords and tokens (V6.2, V9)', () => {
  it('accepts a 64-character password', async () => {
    const password = 'correct horse battery staple '.repeat(3).slice(0, 64);
    const res = await post(t, 'signup', { email: uniqueEmail(), password, firstname: 'A', lastname: 'B', acceptDisclosures: true });
    expect(res.statusCode).toBe(200);
  });

  it("refuses an unsigned token (alg 'none') and a token signed with another key", async () => {
    const user = await signUp(t.app, 'acme');
    const [, payload] = user.token.split('.');
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await probe(t, unsigned)).statusCode).toBe(401);
    const otherKey = await signUp(prod.app, 'acme');
    expect((await probe(t, otherKey.token)).statusCode).toBe(401);
  });

  it('never takes a reset link for a session, nor a session for a reset link', async () => {
    const user = await signUp(t.app, 'acme');
    await post(t, 'password-reset-request', { email: user.email });
    const { token: resetToken } = await awaitMailTo(t.app, user.email);
    expect(resetToken).toBeDefined();
    const asSession = await probe(t, resetToken!);
    expect(asSession.statusCode).toBe(401);
    const asReset = await post(t, 'password-reset-confirm', { resetToken: user.token, password: 'another-long-password' });
    expect(asReset.statusCode).toBe(400);
    expect(asReset.json().error.message).toBe(AUTH_ERRORS.resetTokenInvalid);
    // The reset link still works afterwards: the failed misuse did not burn it.
    expect((await post(t, 'password-reset-confirm', { resetToken, password: 'another-long-password' })).statusCode).toBe(200);
  });
});

describe('logs (V14.2.1, V16.2.5)', () => {
  it('write request lines without the secrets a URL can carry (a reset link opened, an e-mail in a query)', async () => {
    const secret = 'live-reset-token-7f3a9c';
    await t.app.inject({
      method: 'GET',
      url: `/password-reset/confirm?token=${secret}&email=someone%40example.com`,
      headers: { host: hostOf('acme') },
    });
    await t.app.inject({ method: 'GET', url: `/api/v1/health?inviteToken=${secret}`, headers: { host: hostOf('acme') } });
    const lines = t.logs.join('\n');
    expect(lines).toContain('/password-reset/confirm?token=redacted');
    expect(lines).not.toContain(secret);
    expect(lines).not.toContain('someone%40example.com');
  });
});

describe('production configuration (V13.4)', () => {
  it('refuses to start in production without JWT_SECRET and ENCRYPTION_KEY from the environment, naming each (V13.3)', async () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'production', ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return null;
    };
    const both = refusal({});
    expect(both).toMatch(/^Invalid configuration:/);
    expect(both).toContain('JWT_SECRET: required in production (NODE_ENV=production)');
    expect(both).toContain('ENCRYPTION_KEY: required in production (NODE_ENV=production)');
    expect(both).toContain('openssl rand -base64 48');
    expect(refusal({ JWT_SECRET: PRODUCTION_SECRETS.JWT_SECRET })).not.toContain('JWT_SECRET');
    expect(refusal({ ENCRYPTION_KEY: PRODUCTION_SECRETS.ENCRYPTION_KEY })).toContain('JWT_SECRET: required');
    // Blank is absent.
    expect(refusal({ JWT_SECRET: '  ', ENCRYPTION_KEY: PRODUCTION_SECRETS.ENCRYPTION_KEY })).toContain('JWT_SECRET: required');
    expect(refusal({ ...PRODUCTION_SECRETS })).toBeNull();
    // Development and the tests keep generating them (kept in app_secrets).
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).encryptionKey).toBeUndefined();
    // The production app the other tests boot runs on the environment's keys: the database keeps none.
    const kept = await prod.app.db.select().from(appSecrets);
    expect(kept.map((row) => row.key).filter((key) => key === 'jwt' || key === 'encryption')).toEqual([]);
  });

  it('turns the development mailbox off and needs it asked for explicitly', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).devMailbox).toBe('off');
    expect(() => loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, DEV_MAILBOX: '1' })).toThrow(
      /DEV_MAILBOX: .*never served in production/,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).devMailbox).toBe('loopback');
    expect(loadConfig({ NODE_ENV: 'development', DEV_MAILBOX: '1' }).devMailbox).toBe('on');
  });
});
