import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tessera-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Tessera</title>');
  writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
  t = await buildTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/signin', '/user/some/deep/route?x=1'])('answers %s with the app and the tenant headers', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { host: 'acme.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-tenant-slug']).toBe('acme');
    expect(res.body).toContain('<title>Tessera</title>');
  });

  it('serves hashed assets as immutable, and a missing file as a 404 rather than the app', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/app-999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.type).toBe('not-found');
  });

  it('serves a file added after start (a rebuilt app) without a restart', async () => {
    writeFileSync(join(dist, 'assets', 'app-456.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-456.js' })).statusCode).toBe(200);
  });

  it('keeps unknown API paths in the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No route GET /api/v1/nothing-here');
  });
});
