import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { imageSrcSet, MARKETPLACE_FIRST_PAGE_SEARCH, MARKETPLACE_IMAGE_SIZES, PAGE_ANSWERS_ID } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../test/factories.ts';
import { LISTED, marketplaceFactories } from '../modules/marketplace/marketplace.test-helpers.ts';
import { escapeHtml } from '../lib/html.ts';
import { firstRequests } from './page-answers.ts';

let t: TestApp;
let dist: string;
let f: ReturnType<typeof marketplaceFactories>;
let owner: SignedUp;
const SLUG = 'globex';
const offer = { id: '', banner: '' };
let hidden = '';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tessera-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ WEB_DIST: dist });
  f = marketplaceFactories(t);
  const tenantId = t.tenants.globex.id;
  const fund = await f.createInstitution(tenantId, 'Harbor Fund');
  offer.banner = await f.storeImage(tenantId);
  offer.id = await f.createOffer({
    tenantId,
    institutionId: fund,
    ...LISTED,
    slug: 'harbor-point',
    name: 'Harbor </script><script>alert(1)</script> Point',
    images: [{ id: 'b', image: offer.banner, position: 0, hidden: false, purpose: 'banner' }],
  });
  hidden = await f.createOffer({ tenantId, institutionId: fund, ...LISTED, visibilityStatus: 'hidden', slug: 'quiet-offer' });
  owner = await signUp(t.app, SLUG, { role: 'owner' });
  const picked = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/tenant/${SLUG}/marketplace/settings`,
    headers: { host: hostOf(SLUG), ...bearer(owner.token) },
    payload: { handpickedOfferIds: [offer.id] },
  });
  expect(picked.statusCode, picked.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { host: hostOf(SLUG), ...headers } });

function answersOf(html: string): Record<string, unknown> | null {
  const json = new RegExp(`<script id="${PAGE_ANSWERS_ID}" type="application/json">(.*?)</script>`).exec(html)?.[1];
  return json === undefined ? null : (JSON.parse(json) as Record<string, unknown>);
}
const imagePreloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]+)"[^>]*>/g)].map((m) => m[1]);
/** The preload's srcset and sizes, and those of the first screen's <img> of the same address: one copy for both. */
function preloadAndImage(html: string, url: string) {
  const attrs = (tag: string | undefined) => ({
    srcset: /(?:image)?srcset="([^"]+)"/.exec(tag ?? '')?.[1],
    sizes: /(?:image)?sizes="([^"]+)"/.exec(tag ?? '')?.[1],
  });
  const escaped = escapeHtml(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return {
    preload: attrs(new RegExp(`<link rel="preload" as="image"[^>]*href="${escaped}"[^>]*>`).exec(html)?.[0]),
    image: attrs(new RegExp(`<img src="${escaped}"[^>]*>`).exec(html)?.[0]),
  };
}

describe('the GETs of a landing page', () => {
  const base = '/tenant/t1/marketplace';
  it('are the showcase, the institutions and the default first page for the marketplace list', () => {
    const all = [`${base}/offers${MARKETPLACE_FIRST_PAGE_SEARCH}`, `${base}/showcase`, `${base}/institutions?limit=100`];
    expect(firstRequests('t1', '/marketplace/offers', '')).toEqual(all);
    expect(firstRequests('t1', '/marketplace/offers/', 'view=list')).toEqual(all);
    // A filtered, sorted or later page asks with its own query: only what does not depend on it is written.
    for (const search of ['sort=name', 'page=2', 'assetClass=industrial', 'view=list&irrMin=8']) {
      expect(firstRequests('t1', '/marketplace/offers', search)).toEqual(all.slice(1));
    }
  });

  it('are the offer for its page and each tab, by the id or slug of the address', () => {
    for (const tab of ['', '/home', '/about', '/documents', '/financials']) {
      expect(firstRequests('t1', `/marketplace/offers/harbor-point${tab}`, '')).toEqual([`${base}/offers/harbor-point`]);
    }
    expect(firstRequests('t1', '/marketplace/offers/a%20b', '')).toEqual([`${base}/offers/a%20b`]);
    expect(firstRequests('t 1', '/marketplace/offers/x', '')).toEqual(['/tenant/t%201/marketplace/offers/x']);
  });

  it('are none for other pages', () => {
    for (const path of [
      '/',
      '/signin',
      '/marketplace/institutions',
      '/marketplace/offers/x/unknown',
      '/marketplace/offers/x/home/more',
      '/marketplace/offers/%E0%A4%A',
    ]) {
      expect(firstRequests('t1', path, '')).toEqual([]);
    }
  });
});

describe('answers written into the page', () => {
  it("gives the marketplace list the answers the API gives a signed-out visitor, and preloads the first slide's banner", async () => {
    const res = await page('/marketplace/offers', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    const html = brotliDecompressSync(res.rawPayload).toString();
    const answers = answersOf(html);
    const tenantId = t.tenants.globex.id;
    const paths = [
      `/tenant/${tenantId}/marketplace/offers${MARKETPLACE_FIRST_PAGE_SEARCH}`,
      `/tenant/${tenantId}/marketplace/showcase`,
      `/tenant/${tenantId}/marketplace/institutions?limit=100`,
    ];
    expect(Object.keys(answers ?? {}).sort()).toEqual([...paths].sort());
    for (const path of paths) {
      const direct = await t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { host: hostOf(SLUG) } });
      expect(answers?.[path]).toEqual(direct.json());
    }
    const list = answers?.[paths[0]!] as { data: { _id: string }[] };
    expect(list.data.map((card) => card._id)).toEqual([offer.id]);
    expect(html).not.toContain(hidden);
    const banner = `/api/v1/tenant/${tenantId}/marketplace/images/${offer.banner}`;
    expect(imagePreloads(html)).toEqual([banner]);
    expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('</head>'));
    // The preload lists the narrower copies as the slide the first screen and the app draw does, with the same sizes.
    expect(preloadAndImage(html, banner)).toEqual({
      preload: { srcset: escapeHtml(imageSrcSet(banner)!), sizes: MARKETPLACE_IMAGE_SIZES.showcaseBanner },
      image: { srcset: escapeHtml(imageSrcSet(banner)!), sizes: MARKETPLACE_IMAGE_SIZES.showcaseBanner },
    });
    // The offer's name cannot close the script it is written in: the bootstrap's and the answers' are the only ends.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
  });

  it("gives an offer's page the offer, on each tab, and preloads its banner", async () => {
    for (const url of ['/marketplace/offers/harbor-point', '/marketplace/offers/HARBOR-POINT/about']) {
      const res = await page(url);
      const answers = answersOf(res.body);
      const slug = url.split('/')[3]!;
      const path = `/tenant/${t.tenants.globex.id}/marketplace/offers/${slug}`;
      expect(Object.keys(answers ?? {})).toEqual([path]);
      expect((answers?.[path] as { data: { _id: string } }).data._id).toBe(offer.id);
      const [banner] = imagePreloads(res.body);
      expect(banner).toBe(`/api/v1/tenant/${t.tenants.globex.id}/marketplace/images/${offer.banner}`);
      expect(preloadAndImage(res.body, banner!)).toEqual({
        preload: { srcset: escapeHtml(imageSrcSet(banner)!), sizes: MARKETPLACE_IMAGE_SIZES.pageBanner },
        image: { srcset: escapeHtml(imageSrcSet(banner)!), sizes: MARKETPLACE_IMAGE_SIZES.pageBanner },
      });
    }
  });

  it("paints the first screen from the answers, the offer's name escaped (first-screen.ts)", async () => {
    const name = 'Harbor &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; Point';
    expect((await page('/marketplace/offers/harbor-point')).body).toContain(`<h1 class="fs-o-h1 fs-any">${name}</h1>`);
    expect((await page('/marketplace/offers')).body).toContain(`<h3 class="fs-h5 fs-any">${name}</h3>`);
    expect((await page('/marketplace/offers/no-such-offer')).body).not.toContain('class="fs ');
  });

  it('writes no answer the API would refuse: an offer that is not listed, or one of another tenant', async () => {
    for (const url of ['/marketplace/offers/quiet-offer', `/marketplace/offers/${hidden}/home`, '/marketplace/offers/no-such-offer']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(answersOf(res.body)).toBeNull();
      expect(imagePreloads(res.body)).toEqual([]);
    }
    const acme = await t.app.inject({ method: 'GET', url: '/marketplace/offers/harbor-point', headers: { host: hostOf('acme') } });
    expect(answersOf(acme.body)).toBeNull();
    expect(acme.body).not.toContain(offer.id);
  });

  it("writes nothing for other pages, for HEAD, or for a filtered list's offers", async () => {
    for (const url of ['/signin', '/', '/marketplace/institutions']) expect(answersOf((await page(url)).body)).toBeNull();
    const head = await page('/marketplace/offers', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    const filtered = answersOf((await page('/marketplace/offers?assetClass=industrial')).body);
    expect(Object.keys(filtered ?? {}).some((path) => path.includes('/offers?'))).toBe(false);
  });

  it('answers as a signed-out visitor, whatever the page request carries', async () => {
    const res = await page('/marketplace/offers/harbor-point', bearer(owner.token));
    const answers = answersOf(res.body);
    const path = `/tenant/${t.tenants.globex.id}/marketplace/offers/harbor-point`;
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { host: hostOf(SLUG) } });
    expect(answers?.[path]).toEqual(signedOut.json());
  });
});
