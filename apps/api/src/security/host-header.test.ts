import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOrigin } from '../plugins/tenant.ts';
import { buildTestApp, hostOf, type TestApp } from '../../test/build-test-app.ts';
import { awaitMailTo, signUp } from '../../test/factories.ts';

// ASVS 4.1.3 / 6.4.3: a forged Host header must not decide where a password-reset link points (reset poisoning).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const resetLinkFor = async (email: string, host: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset-request', headers: { host }, payload: { email } });
  expect(res.statusCode).toBe(200);
  const { mail } = await awaitMailTo(t.app, email);
  return /https?:\/\/[^/\s]+\/password-reset\/confirm/.exec(mail?.text ?? '')?.[0];
};

describe('links in e-mails', () => {
  it("point to the host the request came to when it is one of the tenant's own", async () => {
    const user = await signUp(t.app, 'acme');
    expect(await resetLinkFor(user.email, `${hostOf('acme')}:3000`)).toBe('http://acme.localhost:3000/password-reset/confirm');
  });

  it.each([['evil.example'], ['evil.example:3000'], ['10.0.0.1'], ['acme.localhost.evil.example']])(
    "ignore a forged Host %s and point to the default tenant's canonical host",
    async (host) => {
      const user = await signUp(t.app, t.app.config.defaultTenant);
      const link = await resetLinkFor(user.email, host);
      expect(link).toBeDefined();
      expect(link).not.toContain('evil');
      expect(link).not.toContain('10.0.0.1');
      expect(link!.startsWith(`http://${t.app.config.baseDomain}`)).toBe(true);
    },
  );
});

describe('linkOrigin', () => {
  const config = { baseDomain: 'tessera.example', defaultTenant: 'demo' };
  const acme = { slug: 'acme' } as Parameters<typeof linkOrigin>[2];
  it.each([
    ['acme.tessera.example', acme, 'https://acme.tessera.example'],
    ['ACME.tessera.example:8443', acme, 'https://acme.tessera.example:8443'],
    ['other.tessera.example', acme, 'https://acme.tessera.example'],
    ['attacker.test', acme, 'https://acme.tessera.example'],
    ['tessera.example', null, 'https://tessera.example'],
    ['192.168.1.9:3000', null, 'https://tessera.example:3000'],
    [undefined, null, 'https://tessera.example'],
  ])('Host %s for %o → %s', (host, tenant, expected) => {
    expect(linkOrigin('https', host, tenant, config)).toBe(expected);
  });
});
