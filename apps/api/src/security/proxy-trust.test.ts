import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/index.ts';
import { buildTestApp, hostOf, PRODUCTION_SECRETS, type TestApp } from '../../test/build-test-app.ts';

/**
 * Issue #21, finding 5. TRUST_PROXY takes a hop count or the proxies' addresses, and the rate limits key on the
 * address the trusted proxy reports, so a client rotating X-Forwarded-For gets nowhere; with no proxy trusted the
 * header is ignored. The dev mailbox decides "this machine" from the socket alone, is not served while the server
 * listens beyond loopback unless DEV_MAILBOX=1, and never in production.
 */
const LIMIT = 3;
/** Tests that build an app of their own, on a machine that may be busy with other work. */
const BUILDS = 120_000;
const apps = new Map<string, Promise<TestApp>>();
/** The app for this environment, built once for the file; `fresh` builds another (one that will listen). */
function appWith(env: Record<string, string>, fresh = false): Promise<TestApp> {
  const key = fresh ? `${apps.size}` : JSON.stringify(env);
  if (!apps.has(key)) apps.set(key, buildTestApp({ AUTH_RATE_LIMIT_MAX: String(LIMIT), ...env }));
  return apps.get(key)!;
}
afterAll(async () => {
  await Promise.all([...apps.values()].map(async (a) => (await a).close()));
});

let sent = 0;
/** A sign-in (401: no such account) from `remoteAddress`, carrying `forwardedFor` when given. */
const signin = (t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    remoteAddress,
    headers: { host: hostOf('acme'), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: { email: `nobody-${++sent}@example.com`, password: 'correct-horse-battery' },
  });

/** A client address that differs on every call, as a client rotating X-Forwarded-For writes it. */
const rotating = () => `100.64.${sent % 250}.${(sent * 7) % 250}`;

describe('TRUST_PROXY in the configuration', () => {
  it.each([
    ['', false],
    ['0', false],
    ['false', false],
    ['no', false],
    ['1', 1],
    ['true', 1],
    ['yes', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16 ,loopback', ['10.0.0.5', '10.1.0.0/16', 'loopback']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['maybe', '10.0.0.300', '10.0.0.0/33', '10.0.0.1/8/1', '99', 'proxy.example.com'])('refuses %j naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be 0 or false, a number of proxy hops/);
  });

  it('is off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('rate limits behind a proxy', () => {
  it(
    'with one trusted hop, key on the address the proxy reports: a rotating X-Forwarded-For does not escape the limit',
    async () => {
      const t = await appWith({ TRUST_PROXY: '1' });
      // What the client wrote, then what the proxy (10.0.0.5) appended: the client's real address.
      for (let i = 0; i < LIMIT; i++) expect((await signin(t, '10.0.0.5', `${rotating()}, 203.0.113.7`)).statusCode).toBe(401);
      const limited = await signin(t, '10.0.0.5', `${rotating()}, 203.0.113.7`);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.type).toBe('rate-limited');
      // Another client behind the same proxy is its own key.
      expect((await signin(t, '10.0.0.5', `${rotating()}, 203.0.113.8`)).statusCode).toBe(401);
    },
    BUILDS,
  );

  it(
    'with the proxies listed, trust only them: a client that reaches the app directly is keyed on its own address',
    async () => {
      const t = await appWith({ TRUST_PROXY: '10.0.0.5' });
      for (let i = 0; i < LIMIT; i++) expect((await signin(t, '10.0.0.5', `${rotating()}, 203.0.113.9`)).statusCode).toBe(401);
      expect((await signin(t, '10.0.0.5', `${rotating()}, 203.0.113.9`)).statusCode).toBe(429);
      for (let i = 0; i < LIMIT; i++) expect((await signin(t, '198.51.100.20', rotating())).statusCode).toBe(401);
      expect((await signin(t, '198.51.100.20', rotating())).statusCode).toBe(429);
    },
    BUILDS,
  );

  it(
    'with no proxy trusted, ignore X-Forwarded-For altogether',
    async () => {
      const t = await appWith({ TRUST_PROXY: '0', DEV_MAILBOX: '' });
      for (let i = 0; i < LIMIT; i++) expect((await signin(t, '198.51.100.30', `${rotating()}, ${rotating()}`)).statusCode).toBe(401);
      expect((await signin(t, '198.51.100.30', rotating())).statusCode).toBe(429);
    },
    BUILDS,
  );
});

describe('the dev mailbox', () => {
  const mailbox = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox?allTenants=true', remoteAddress, headers });

  it(
    'decides "this machine" from the socket alone, whatever TRUST_PROXY says',
    async () => {
      const t = await appWith({ TRUST_PROXY: '1' });
      // A remote caller claiming to be local, with a proxy trusted: the claim is not looked at.
      expect((await mailbox(t, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
      expect((await mailbox(t, '203.0.113.7', { forwarded: 'for=127.0.0.1' })).statusCode).toBe(404);
      // Relayed by a proxy on this machine: someone else's request, even when it claims loopback.
      const relayed: Record<string, string>[] = [
        { 'x-forwarded-for': '203.0.113.7' },
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
        { via: '1.1 proxy' },
        { forwarded: 'for=127.0.0.1' },
      ];
      for (const headers of relayed) expect((await mailbox(t, '127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(404);
      const local = await mailbox(t, '127.0.0.1');
      expect(local.statusCode, local.body).toBe(200);
    },
    BUILDS,
  );

  it(
    'is not served while the server listens beyond loopback, unless DEV_MAILBOX=1 asked for it',
    async () => {
      // DEV_MAILBOX left to its default: the mailbox outside production without SMTP, on loopback only.
      const byDefault = await appWith({ TRUST_PROXY: '0', DEV_MAILBOX: '' });
      expect((await mailbox(byDefault, '127.0.0.1')).statusCode).toBe(200);
      await byDefault.app.listen({ port: 0, host: '127.0.0.1' });
      expect((await mailbox(byDefault, '127.0.0.1')).statusCode).toBe(200);

      const exposed = await appWith({ DEV_MAILBOX: '' }, true);
      await exposed.app.listen({ port: 0, host: '0.0.0.0' });
      const refused = await mailbox(exposed, '127.0.0.1');
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toEqual({
        type: 'not-found',
        name: 'NotFoundError',
        message: 'No route GET /api/v1/dev/mailbox',
        status: 404,
      });
      expect((await exposed.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);

      const asked = await appWith({ DEV_MAILBOX: '1' }, true);
      await asked.app.listen({ port: 0, host: '0.0.0.0' });
      expect((await mailbox(asked, '127.0.0.1')).statusCode).toBe(200);
      // Still this machine only.
      expect((await mailbox(asked, '203.0.113.7')).statusCode).toBe(404);
    },
    BUILDS,
  );

  it('is never served in production: the configuration refuses DEV_MAILBOX=1 there', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_SECRETS };
    expect(() => loadConfig({ ...production, DEV_MAILBOX: '1' })).toThrow(/DEV_MAILBOX: .*never served in production/);
    expect(loadConfig(production).devMailbox).toBe('off');
    expect(loadConfig({ ...production, DEV_MAILBOX: '0' }).devMailbox).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail.example.com' }).devMailbox).toBe('off');
    // Outside production the app listens on loopback unless HOST says otherwise, so the default mailbox is served.
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ host: '127.0.0.1', devMailbox: 'loopback' });
    expect(loadConfig(production).host).toBe('0.0.0.0');
  });
});
