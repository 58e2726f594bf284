import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tenantBootstrap } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { tenants } from '../db/schema/index.ts';
import { MEMBER_SCRIPT } from './first-screen-member.ts';
import { EARLY_GETS_SCRIPT, earlyGetsHead } from './early-gets.ts';
import { BOOT_FILES_ID, BOOT_LOADER, type BootFiles } from './boot-loader.ts';
import { escapeHtml, jsonForScript } from '../lib/html.ts';
import { matchesRoute, ROUTE_PRELOADS_FILE } from './static-web.ts';

let t: TestApp;
let dist: string;
/** The build's inline stylesheet (vite.config.ts, inlineEntryCss): the Roboto faces. */
const FONT_FACES = [400, 500, 600, 700]
  .map(
    (weight) =>
      `@font-face{font-family:Roboto;font-style:normal;font-display:swap;font-weight:${weight};src:url(/assets/roboto-${weight}.woff2)format("woff2")}`,
  )
  .join('');
const INDEX =
  `<!doctype html><html><head><title>Tessera</title><style>${FONT_FACES}</style><script type="module" crossorigin src="/assets/app-123.js"></script>` +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-1.js"></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log(1)';
const PRELOADS = [
  { path: '/marketplace/offers', files: ['assets/offers-1.js'] },
  { path: '/marketplace/offers/:idOrSlug/home', files: ['assets/offer-1.js', 'assets/home-tab-1.js'] },
];
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tessera-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app-123.js'), SCRIPT);
  // The web build's compressed copies (vite.config.ts, precompress).
  writeFileSync(join(dist, 'assets', 'app-123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets', 'app-123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  // The web build's map of landing routes to their chunks (vite.config.ts, routePreloads).
  writeFileSync(join(dist, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS));
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

  it('serves the compressed copy the browser accepts, and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({ method: 'GET', url: '/assets/app-123.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves the app for a client route compressed too, and a file without a compressed copy as it is', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/signin', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Tessera</title>');
    writeFileSync(join(dist, 'assets', 'small-1.js'), 'x');
    const small = await t.app.inject({ method: 'GET', url: '/assets/small-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('x');
  });

  it('serves a file added after start (a rebuilt app) without a restart', async () => {
    writeFileSync(join(dist, 'assets', 'app-456.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-456.js' })).statusCode).toBe(200);
  });

  it('writes the tenant of the host into the page, and no other tenant', async () => {
    const { acme, globex, demo } = t.tenants;
    for (const url of ['/', '/signin', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'acme.localhost' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const bootstrap = bootstrapOf(res.body);
      expect(bootstrap).toMatchObject({
        tenantId: acme.id,
        tenantSlug: 'acme',
        appType: 'platform',
        tenant: { _id: acme.id, slug: 'acme', name: acme.name },
      });
      expect(bootstrap.tenant?.branding).toEqual(acme.branding);
      for (const other of [globex, demo]) expect(res.body).not.toContain(other.id);
    }
    const bare = await t.app.inject({ method: 'GET', url: '/signin', headers: { host: 'localhost' } });
    expect(bootstrapOf(bare.body)).toMatchObject({ tenantId: demo.id, tenantSlug: 'demo' });
    const manage = await t.app.inject({ method: 'GET', url: '/signin', headers: { host: 'manage.globex.localhost' } });
    expect(bootstrapOf(manage.body)).toMatchObject({ tenantId: globex.id, appType: 'manage' });
  });

  it('writes an empty tenant for a host that names none, as the headers said before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signin', headers: { host: 'nobody.localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-tenant-id']).toBeUndefined();
    expect(bootstrapOf(res.body)).toEqual({ tenantId: null, tenantSlug: null, appType: 'platform', tenant: null });
    for (const tenant of Object.values(t.tenants)) expect(res.body).not.toContain(tenant.id);
  });

  it('shows saved branding on the next load', async () => {
    const { acme } = t.tenants;
    const before = await t.app.inject({ method: 'GET', url: '/signin', headers: { host: 'acme.localhost', 'accept-encoding': 'br' } });
    const renamed = `Acme </script><script>alert(1)</script>`;
    await t.app.db.update(tenants).set({ name: renamed }).where(eq(tenants.id, acme.id));
    t.app.tenantCache.invalidate('acme');
    const after = await t.app.inject({ method: 'GET', url: '/signin', headers: { host: 'acme.localhost', 'accept-encoding': 'br' } });
    const html = brotliDecompressSync(after.rawPayload).toString();
    expect(bootstrapOf(html).tenant?.name).toBe(renamed);
    // The name cannot close the script element it is written in: the tenant, the boot files and the loader.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(brotliDecompressSync(before.rawPayload).toString()).not.toContain('alert');
  });

  it('escapes what could end a script element', () => {
    const value = { text: '</script><!-- & \u2028' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('starts the app after the first paint, with the chunks of the landing route the path matches', async () => {
    const offer = await t.app.inject({
      method: 'GET',
      url: '/marketplace/offers/some-offer/home?tab=1',
      headers: { host: 'acme.localhost' },
    });
    // Nothing in the head fetches script: the loader at the end of the body starts it once the first paint is shown.
    const head = offer.body.slice(0, offer.body.indexOf('</head>'));
    expect(head).not.toMatch(/modulepreload|<script type="module"/);
    expect(bootFilesOf(offer.body)).toEqual({
      entry: '/assets/app-123.js',
      preload: ['/assets/runtime-1.js', '/assets/offer-1.js', '/assets/home-tab-1.js'],
    });
    expect(offer.body).toMatch(new RegExp(`<script>${escapeRegExp(BOOT_LOADER)}</script></body>`));
    // The CSP allows the inline scripts by their hashes (this one, the signed-in first screens' and the early GETs'), no other.
    const csp = String(offer.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    for (const inline of [BOOT_LOADER, MEMBER_SCRIPT, EARLY_GETS_SCRIPT])
      expect(csp).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`);
    const list = await t.app.inject({
      method: 'GET',
      url: '/marketplace/offers/',
      headers: { host: 'acme.localhost', 'accept-encoding': 'br' },
    });
    expect(bootFilesOf(brotliDecompressSync(list.rawPayload).toString()).preload).toEqual(['/assets/runtime-1.js', '/assets/offers-1.js']);
    for (const url of ['/', '/signin', '/marketplace/offers/some-offer', '/user/some/deep/route']) {
      expect(bootFilesOf((await t.app.inject({ method: 'GET', url })).body).preload).toEqual(['/assets/runtime-1.js']);
    }
  });

  it("paints the top bar in the tenant's branding before the app runs, inside the container the app renders into", async () => {
    // Not acme: an earlier test renames it.
    const { globex } = t.tenants;
    const res = await t.app.inject({ method: 'GET', url: '/marketplace/offers', headers: { host: 'globex.localhost' } });
    const root = /<div id="root">(.*?)<\/div><script/s.exec(res.body)?.[1] ?? '';
    expect(root).toContain('<header class="fp-bar">');
    // Hidden text in the first screen's Roboto faces starts their downloads without holding the paint.
    expect(root).toMatch(/<span class="fp-fonts" aria-hidden="true">.*font-weight:400.*font-weight:600.*font-weight:700/);
    expect(root).toContain(globex.name.replace(/&/g, '&amp;'));
    expect(res.body.indexOf('<style>')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body).toContain(`background:${globex.branding.theme[globex.branding.theme.defaultMode].background}`);
    // No tenant on the host: the product's wordmark.
    const bare = await t.app.inject({ method: 'GET', url: '/signin', headers: { host: 'nobody.localhost' } });
    expect(bare.body).toContain('<span class="fp-word">Tessera</span>');
  });

  it('preloads the Roboto faces of a first screen (first-screen.ts), which waits for them, and nothing on a page without one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/marketplace/offers', headers: { host: 'globex.localhost' } });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const preloads = [...head.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/assets/roboto-400.woff2', '/assets/roboto-600.woff2', '/assets/roboto-700.woff2']);
    expect(head).toContain('font-family:"Roboto first screen";font-style:normal;font-display:block;font-weight:400;');
    expect(res.body).toContain('<h1 class="fs-h4 fs-l-title">Marketplace</h1>');
    const signin = await t.app.inject({ method: 'GET', url: '/signin', headers: { host: 'globex.localhost' } });
    expect(signin.body).not.toContain('as="font"');
    expect(signin.body).not.toContain('Roboto first screen');
  });

  it("starts a Raise mode page's first GETs from its head, before the app's script, and no other page's", async () => {
    const { acme } = t.tenants;
    const page = await t.app.inject({ method: 'GET', url: '/institution/dashboard', headers: { host: 'acme.localhost' } });
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(earlyGetsHead(acme.id, '/institution/dashboard'));
    expect(head).toContain(`<script>${EARLY_GETS_SCRIPT}</script>`);
    for (const url of ['/investor/dashboard', '/institution/list', '/signin']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: 'acme.localhost' } })).body, url).not.toContain(EARLY_GETS_SCRIPT);
    }
  });

  it("escapes the tenant's name in the first paint", () => {
    expect(escapeHtml('<b>"A&B\'s"</b>')).toBe('&lt;b&gt;&quot;A&amp;B&#39;s&quot;&lt;/b&gt;');
  });

  it('matches a route path segment by segment, a :name standing for any one segment', () => {
    expect(matchesRoute('/marketplace/offers/:idOrSlug', '/marketplace/offers/abc')).toBe(true);
    expect(matchesRoute('/marketplace/offers/:idOrSlug', '/marketplace/offers/abc/')).toBe(true);
    expect(matchesRoute('/marketplace/offers/:idOrSlug', '/marketplace/offers')).toBe(false);
    expect(matchesRoute('/marketplace/offers/:idOrSlug', '/marketplace/offers/abc/home')).toBe(false);
    expect(matchesRoute('/signin', '/signup')).toBe(false);
  });

  it('keeps unknown API paths in the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No route GET /api/v1/nothing-here');
  });
});

function bootFilesOf(html: string): BootFiles {
  const json = new RegExp(`<script id="${BOOT_FILES_ID}" type="application/json">(.*?)</script>`).exec(html)?.[1];
  return JSON.parse(json ?? 'null') as BootFiles;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function bootstrapOf(html: string) {
  const json = /<script id="tenant-bootstrap" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  return tenantBootstrap.parse(JSON.parse(json ?? 'null'));
}
