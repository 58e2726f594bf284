import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, PRODUCTION_SECRETS, type TestApp } from '../../test/build-test-app.ts';
import { bearer, signUp } from '../../test/factories.ts';

// ASVS rows whose behaviour was right but that no test proved (SECURITY.md's checklist names each test).
let prod: TestApp;
let web: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'tessera-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  mkdirSync(join(webDist, 'assets', 'fonts'), { recursive: true });
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'assets', 'fonts', 'a.woff2'), 'font');
  writeFileSync(join(webDist, '.env'), 'SECRET=leaked-dot-file');
  mkdirSync(join(webDist, '.git'));
  writeFileSync(join(webDist, '.git', 'config'), '[core]\n\trepositoryformatversion = 0');
  [prod, web] = await Promise.all([buildTestApp({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }), buildTestApp({ WEB_DIST: webDist })]);
});
afterAll(async () => {
  await Promise.all([prod?.close(), web?.close()]);
  rmSync(webDist, { recursive: true, force: true });
});

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('ASVS rows proven by one test each', () => {
  it('3.4.1: HSTS in production for a year, subdomains included', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/api/v1/health', headers: { host: hostOf('acme') } });
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toMatch(/includeSubDomains/i);
  });

  it('9.1.3: a token that brings its own key (jwk or jku header) is refused', async () => {
    const user = await signUp(web.app, 'acme');
    const own = await web.app.inject({
      method: 'GET',
      url: `/api/v1/user/${user.user._id}`,
      headers: { host: hostOf('acme'), ...bearer(user.token) },
    });
    expect(own.statusCode).toBe(200);
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const decoded = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
    for (const extra of [
      { jwk: { kty: 'oct', k: Buffer.from('attacker key').toString('base64url') } },
      { jku: 'https://evil.example/keys.json' },
    ]) {
      const forged = `${b64url({ ...decoded, ...extra })}.${payload}.${signature}`;
      const res = await web.app.inject({
        method: 'GET',
        url: `/api/v1/user/${user.user._id}`,
        headers: { host: hostOf('acme'), ...bearer(forged) },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(401);
    }
  });

  it('13.4.1, 13.4.3: a served web build shows no dot-file, no repository metadata and no directory listing', async () => {
    // Each answer is an error in the envelope or the app's page the browser routes: never the file or a listing.
    const get = (url: string) => web.app.inject({ method: 'GET', url, headers: { host: hostOf('acme') } });
    expect((await get('/assets/app.js')).statusCode).toBe(200);
    for (const url of ['/.env', '/.git/config', '/.git/', '/assets/', '/assets/fonts/']) {
      const res = await get(url);
      expect(res.body, url).not.toMatch(/leaked-dot-file|\[core\]|app\.js|a\.woff2/);
      if (res.statusCode === 200) expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      else expect(res.json(), url).toMatchObject({ error: { status: res.statusCode } });
    }
  });
});
