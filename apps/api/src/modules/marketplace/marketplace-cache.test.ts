/**
 * The public cache (#25): marketplace answers (the same for visitors and members) come from it until something they
 * show changes, on every node; requests with an API key skip it; browsers revalidate with ETags. The two-node case needs Redis (TEST_REDIS_URL
 * or the local one) and is reported as skipped without it.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { givePlan } from '../../../test/billing.ts';
import { bearer, signUp, type SignedUp } from '../../../test/factories.ts';
import { redisReachable, TEST_REDIS_URL } from '../../../test/redis.ts';
import { newId } from '../../lib/ids.ts';
import { insertRoleAssignment } from '../institutions/index.ts';
import { LISTED, marketplaceFactories } from './marketplace.test-helpers.ts';

const details = (name: string, slug: string) => ({
  name,
  slug,
  type: 'value-add',
  assetClass: 'multi-family',
  equityType: 'common-equity',
  description: '<p>Apartments</p>',
  descriptionShort: 'Class B apartments',
  fedExemptionExclusions: ['rule-506-c'],
});

/** A tenant's listed offer and its owner, on `t` (the first node). */
async function listedOffer(t: TestApp) {
  const f = marketplaceFactories(t);
  const owner = await signUp(t.app, 'acme', { role: 'owner' });
  const institution = await f.createInstitution(t.tenants.acme.id, 'Harbor Fund');
  await givePlan(t.app, t.tenants.acme.id, institution);
  const slug = `harbor-${Date.now().toString(36)}`;
  const offer = await f.createOffer({ tenantId: t.tenants.acme.id, institutionId: institution, name: 'Harbor Point', slug, ...LISTED });
  return { owner, offer, slug, institution };
}

const get = (t: TestApp, path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/tenant/acme/marketplace/${path}`, headers: { host: hostOf('acme'), ...headers } });
const rename = (t: TestApp, owner: SignedUp, offer: string, name: string, slug: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/tenant/acme/offers/${offer}/details`,
    headers: { host: owner.host, ...bearer(owner.token) },
    payload: details(name, slug),
  });

describe('the public cache on one node (in process)', () => {
  let t: TestApp;
  let owner: SignedUp;
  let offer: string;
  let slug: string;
  let institution: string;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_CACHE_SECONDS: '300' });
    // An answer is kept for the minute it was read in: a minute turning between two requests would make a hit a miss.
    t.clock.pin(new Date());
    ({ owner, offer, slug, institution } = await listedOffer(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a repeat from the cache with the same body and ETag, and 304 when the browser has it', async () => {
    const first = await get(t, 'offers?limit=20&page=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    // The same query in another order is the same answer.
    const again = await get(t, 'offers?page=1&limit=20');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await get(t, 'offers?limit=20&page=1', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const page = await get(t, `offers/${slug}`);
    expect(page.json().data.name).toBe('Harbor Point');
    expect((await get(t, `offers/${slug}`, { 'if-none-match': String(page.headers.etag) })).statusCode).toBe(304);
  });

  it('sends a hit compressed as the browser accepts, the same text as the miss, compressed once per node', async () => {
    const f = marketplaceFactories(t);
    for (let i = 0; i < 8; i++)
      await f.createOffer({
        tenantId: t.tenants.acme.id,
        institutionId: institution,
        descriptionShort: 'Stabilised apartments '.repeat(8),
        ...LISTED,
      });
    // Its own query: written straight to the database, these offers bumped nothing.
    const encoded = async (encoding: string) => {
      const res = await get(t, 'offers?limit=50&page=1', { 'accept-encoding': encoding });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const miss = await encoded('br');
    expect([miss.headers['x-cache'], miss.headers['content-encoding']]).toEqual(['miss', 'br']);
    const text = brotliDecompressSync(miss.rawPayload).toString('utf8');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    for (const round of [1, 2]) {
      const hit = await encoded('br');
      expect([hit.headers['x-cache'], hit.headers['content-encoding'], round]).toEqual(['hit', 'br', round]);
      expect(hit.headers.vary).toBe('Authorization, accept-encoding');
      expect(brotliDecompressSync(hit.rawPayload).toString('utf8')).toBe(text);
    }
    const gzipped = await encoded('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(text);
    const plain = await encoded('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  });

  it('shows a change on the next request, and analytics posts do not empty it', async () => {
    await get(t, 'offers');
    expect((await get(t, 'offers')).headers['x-cache']).toBe('hit');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: hostOf('acme') },
      payload: { type: 'impression', tid: 'cache-visitor-1', offer },
    });
    expect(posted.statusCode).toBe(200);
    expect((await get(t, 'offers')).headers['x-cache']).toBe('hit');

    const renamed = await rename(t, owner, offer, 'Harbor Point II', slug);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const fresh = await get(t, 'offers');
    expect(fresh.headers['x-cache']).toBe('miss');
    expect(fresh.json().data.map((o: { name: string }) => o.name)).toContain('Harbor Point II');
    expect((await get(t, `offers/${slug}`)).json().data.name).toBe('Harbor Point II');
  });

  it('answers members from the same cache (the answer does not depend on who asks), and checks an API key on every call', async () => {
    const member = await signUp(t.app, 'acme');
    const visitor = await get(t, 'showcase');
    const signedIn = await get(t, 'showcase', bearer(member.token));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['x-cache']).toBe('hit');
    expect(signedIn.body).toBe(visitor.body);
    expect(signedIn.headers.etag).toBe(visitor.headers.etag);
    expect(signedIn.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // A member's read fills it for visitors too: it is one answer.
    expect((await get(t, 'institutions', bearer(member.token))).headers['x-cache']).toBe('miss');
    expect((await get(t, 'institutions')).headers['x-cache']).toBe('hit');

    // A public key is checked (and its use recorded) each time: once revoked it is refused, cached answer or not.
    const tenantId = t.tenants.acme.id;
    const key = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenant/${tenantId}/api-key/pub`,
      headers: { host: owner.host, ...bearer(owner.token) },
      payload: {},
    });
    expect(key.statusCode, key.body).toBe(201);
    const { _id: keyId, key: raw } = key.json().data as { _id: string; key: string };
    await get(t, 'showcase');
    const withKey = await get(t, 'showcase', bearer(raw));
    expect(withKey.statusCode, withKey.body).toBe(200);
    expect(withKey.headers['x-cache']).toBeUndefined();
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/tenant/${tenantId}/api-keys/${keyId}`,
      headers: { host: owner.host, ...bearer(owner.token) },
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await get(t, 'showcase')).headers['x-cache']).toBe('miss');
    expect((await get(t, 'showcase')).headers['x-cache']).toBe('hit');
    expect((await get(t, 'showcase', bearer(raw))).statusCode).toBe(401);
    expect((await get(t, 'showcase', { 'x-api-key': raw })).statusCode).toBe(401);
  });

  it("stays through a lead change and the profile edit of someone on no team; a team member's edit empties it", async () => {
    const call = (who: SignedUp, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url: `/api/v1/${url}`, headers: { host: who.host, ...bearer(who.token) }, payload });
    await get(t, 'institutions');
    expect((await get(t, 'institutions')).headers['x-cache']).toBe('hit');
    const lead = await call(owner, 'POST', 'tenant/acme/leads', {
      institution,
      email: 'cache-lead@example.com',
      firstname: 'Lena',
      lastname: 'Lead',
    });
    expect(lead.statusCode, lead.body).toBe(201);
    expect((await get(t, 'institutions')).headers['x-cache']).toBe('hit');

    // Signing up can put an invited team member on a public team: it empties the cache.
    const investor = await signUp(t.app, 'acme');
    expect((await get(t, 'institutions')).headers['x-cache']).toBe('miss');
    const edited = await call(investor, 'PUT', `user/${investor.user._id}`, { firstname: 'Ivy' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get(t, 'institutions')).headers['x-cache']).toBe('hit');

    // On an institution's team, their name shows on its marketplace page: the next request reads it again.
    await insertRoleAssignment(t.app.db, {
      tenantId: t.tenants.acme.id,
      id: newId(),
      userId: investor.user._id,
      entityType: 'institution',
      entityId: institution,
      role: 'member',
    });
    expect((await call(investor, 'PUT', `user/${investor.user._id}`, { firstname: 'Ivo' })).statusCode).toBe(200);
    expect((await get(t, 'institutions')).headers['x-cache']).toBe('miss');
  });

  it("refreshes every tenant whose team shows a person when their name changes, and no one's for a phone", async () => {
    const f = marketplaceFactories(t);
    const globexFund = await f.createInstitution(t.tenants.globex.id, 'Globex Fund');
    await givePlan(t.app, t.tenants.globex.id, globexFund);
    await f.createOffer({ tenantId: t.tenants.globex.id, institutionId: globexFund, name: 'Globex Tower', ...LISTED });
    const person = await signUp(t.app, 'acme', { firstname: 'Gale', lastname: 'Ames' });
    // On a team of the other tenant only: accounts are global, teams are a tenant's.
    await insertRoleAssignment(t.app.db, {
      tenantId: t.tenants.globex.id,
      id: newId(),
      userId: person.user._id,
      entityType: 'institution',
      entityId: globexFund,
      role: 'member',
    });
    const page = () => f.get(`institutions/${globexFund}`, { slug: 'globex' });
    const teamNames = async () => {
      const res = await page();
      expect(res.statusCode, res.body).toBe(200);
      return { cache: res.headers['x-cache'], names: (res.json().data.team as { name: string }[]).map((m) => m.name) };
    };
    expect((await teamNames()).names).toEqual(['Gale Ames']);
    expect((await teamNames()).cache).toBe('hit');
    await get(t, 'institutions');
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/user/${person.user._id}`,
        headers: { host: person.host, ...bearer(person.token) },
        payload,
      });
    // The phone shows on no marketplace: every cache stays, this tenant's too.
    expect((await edit({ phone: '+12125550100' })).statusCode).toBe(200);
    expect(await teamNames()).toEqual({ cache: 'hit', names: ['Gale Ames'] });
    expect((await get(t, 'institutions')).headers['x-cache']).toBe('hit');
    // A name edited on acme's host shows on globex's next answer.
    expect((await edit({ firstname: 'Gail' })).statusCode).toBe(200);
    expect(await teamNames()).toEqual({ cache: 'miss', names: ['Gail Ames'] });
    expect((await teamNames()).cache).toBe('hit');
    // A platform admin deleting the account on acme's host takes them off globex's team page too.
    const admin = await signUp(t.app, 'acme', { admin: true });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/${person.user._id}`,
      headers: { host: admin.host, ...bearer(admin.token) },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await teamNames()).toEqual({ cache: 'miss', names: [] });
  });

  it('reads again in the next minute, when a listing may have opened or closed by its dates', async () => {
    await get(t, 'offers?limit=5');
    expect((await get(t, 'offers?limit=5')).headers['x-cache']).toBe('hit');
    t.clock.advance(60_000);
    expect((await get(t, 'offers?limit=5')).headers['x-cache']).toBe('miss');
    expect((await get(t, 'offers?limit=5')).headers['x-cache']).toBe('hit');
  });

  it('is off with PUBLIC_CACHE_SECONDS=0', async () => {
    const off = await buildTestApp({ PUBLIC_CACHE_SECONDS: '0' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/marketplace/offers', headers: { host: hostOf('acme') } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

const redisUp = await redisReachable(TEST_REDIS_URL);

describe.skipIf(!redisUp)('the public cache on two nodes (one database, one Redis)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp({ REDIS_URL: TEST_REDIS_URL, PUBLIC_CACHE_SECONDS: '300' });
    b = await buildTestApp({ REDIS_URL: TEST_REDIS_URL, PUBLIC_CACHE_SECONDS: '300' }, { sameDatabaseAs: a });
    // Both nodes in the same minute, whatever the time (answers are kept for the minute they were read in).
    const at = new Date();
    a.clock.pin(at);
    b.clock.pin(at);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("shows a change made on node A on node B's next request, and the tenant's new name too", async () => {
    const { owner, offer, slug } = await listedOffer(a);
    expect((await get(b, `offers/${slug}`)).headers['x-cache']).toBe('miss');
    const cached = await get(b, `offers/${slug}`);
    expect(cached.headers['x-cache']).toBe('hit');
    // Node A reads what B stored (Redis), under the same version.
    expect((await get(a, `offers/${slug}`)).headers['x-cache']).toBe('hit');

    expect((await rename(a, owner, offer, 'Harbor Point on A', slug)).statusCode).toBe(200);
    const onB = await get(b, `offers/${slug}`);
    expect(onB.headers['x-cache']).toBe('miss');
    expect(onB.json().data.name).toBe('Harbor Point on A');
    expect(onB.headers.etag).not.toBe(cached.headers.etag);

    // The tenant cache of node B: a new name saved on A is B's next answer.
    const publicOf = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/public', headers: { host: hostOf('acme') } });
    expect((await publicOf(b)).json().data.name).toBe('Acme Capital');
    const saved = await a.app.inject({
      method: 'PUT',
      url: `/api/v1/tenant/${a.tenants.acme.id}/details`,
      headers: { host: owner.host, ...bearer(owner.token) },
      payload: { name: 'Acme Capital on A', description: 'Private credit', website: 'https://acme.example' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await publicOf(b)).json().data.name).toBe('Acme Capital on A');
  });
});
