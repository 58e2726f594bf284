import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../test/build-test-app.ts';
import { LISTED, marketplaceFactories } from '../modules/marketplace/marketplace.test-helpers.ts';
import { COMPRESS_JSON_MIN_BYTES } from './compress-json.ts';

let t: TestApp;
const SLUG = 'acme';
beforeAll(async () => {
  t = await buildTestApp();
  const f = marketplaceFactories(t);
  const fund = await f.createInstitution(t.tenants.acme.id, 'Harbor Fund');
  for (let i = 0; i < 8; i += 1) {
    await f.createOffer({
      tenantId: t.tenants.acme.id,
      institutionId: fund,
      ...LISTED,
      descriptionShort: `A listed offer with a short description, number ${i}.`,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

const list = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/tenant/${SLUG}/marketplace/offers?limit=12`, headers: { host: hostOf(SLUG), ...headers } });

describe('compressed JSON answers', () => {
  it('sends a large GET answer as brotli or gzip, as the request accepts, and plain otherwise', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(COMPRESS_JSON_MIN_BYTES);

    const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('application/json');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await list({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const refused = await list({ 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
  });

  it('leaves small answers, other methods and non-JSON bodies as they are', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/api/v1/health/live', headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: hostOf(SLUG), 'accept-encoding': 'br' },
      payload: { email: 'x'.repeat(2000), password: 'y' },
    });
    expect(post.headers['content-encoding']).toBeUndefined();
    // The API reference's page is HTML, not an API answer; the document it reads is JSON, and is compressed.
    const docs = await t.app.inject({ method: 'GET', url: '/api/v1/docs/', headers: { 'accept-encoding': 'br' } });
    expect(docs.headers['content-encoding']).toBeUndefined();
    const openapi = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.headers['content-encoding']).toBe('br');
  });
});
