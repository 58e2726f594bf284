import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { bearer, PASSWORD, signUp, type SignedUp } from '../../test/factories.ts';
import { seedPassport, type SeededPassport } from '../../test/pii-factories.ts';
import { apiRoutes, routeName, sampleRequest, WALK_TIMEOUT_MS } from './security.test-helpers.ts';

/**
 * Public routes that choose a caching rule of their own (plugins/security.ts applyCachePolicy lets them): the same
 * bytes for everyone, with no personal data. Any other response of the API must be `no-store`.
 */
const PUBLIC_CACHEABLE = new Map<string, RegExp>([
  // Branding media: immutable under their id.
  ['GET /api/v1/tenant/:t/branding/media/:image', /^public, /],
  // The tenant's public view: revalidated on every load, so saved branding shows at once.
  ['GET /api/v1/tenant/:t/public', /^no-cache$/],
  // Marketplace media and documents of listed offers and institutions: public while listed.
  ['GET /api/v1/tenant/:t/marketplace/offers/:id/documents/:docId/file', /^public, /],
  ['GET /api/v1/tenant/:t/marketplace/images/:imageId', /^public, /],
  // A private image by its signed address: kept by this browser only, no longer than the address works.
  ['GET /api/v1/tenant/:t/images/:imageId', /^private, max-age=\d+$/],
]);

let t: TestApp;
let admin: SignedUp;
let owner: SignedUp;
let passport: SeededPassport;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'acme', { role: 'owner', admin: true });
  owner = await signUp(t.app, 'acme');
  passport = await seedPassport(t.app, owner);
});
afterAll(async () => {
  await t?.close();
});

const noStore = (headers: Record<string, unknown>) =>
  String(headers['cache-control'] ?? '').includes('no-store') && headers.pragma === 'no-cache';

describe('Cache-Control on every API response', () => {
  it(
    'is no-store (and Pragma no-cache) on every route behind sign-in, whatever the outcome; public routes cache only by choice',
    async () => {
      // Reads first, so a write that ends the session (sign-out, password change) comes after them.
      const routes = [...apiRoutes(t.app)].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const route of routes) {
        const request = sampleRequest(route);
        const res = await t.app.inject({ ...request, headers: { ...request.headers, host: admin.host, ...bearer(admin.token) } });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const chosen = PUBLIC_CACHEABLE.get(routeName(route));
        const cacheControl = String(res.headers['cache-control'] ?? '');
        if (route.access === 'public' && chosen && (res.statusCode !== 200 || chosen.test(cacheControl))) continue;
        if (!noStore(res.headers))
          failures.push(
            `${routeName(route)} (${res.statusCode}, ${route.access === 'public' ? 'public' : 'signed in'}): cache-control '${cacheControl}', pragma '${String(res.headers.pragma ?? '')}'`,
          );
      }
      expect(failures).toEqual([]);
      expect(routes.length).toBeGreaterThan(150);
      // The walk reaches handlers, not only refusals: many calls succeed.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(15);
    },
    WALK_TIMEOUT_MS,
  );

  it('is no-store on the passport reads that carry PII, masked or revealed', async () => {
    const urls = [
      `individual-profile/${passport.profileId}`,
      `individual-profile/${passport.profileId}?reveal=true`,
      'individual-profile',
      `financial-account/${passport.accountId}`,
      'financial-account',
      `gov-photo-id/${passport.govPhotoId}?reveal=true`,
      'gov-photo-id',
      `business/${passport.businessId}`,
      `user/${owner.user._id}/export`,
      `user/${owner.user._id}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { host: owner.host, ...bearer(owner.token) } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(noStore(res.headers), `${url}: ${String(res.headers['cache-control'])}`).toBe(true);
    }
  });

  it('is no-store on sign-in, whose response carries a session token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: owner.host },
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(noStore(res.headers)).toBe(true);
  });
});
