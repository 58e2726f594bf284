import { RAISE_MODE_REFUSED } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { analyticsEvents } from '../src/db/schema/index.ts';
import { findMember, updateMember } from '../src/modules/tenants/tenant-members.repository.ts';
import { parseHost } from '../src/plugins/tenant.ts';
import { buildTestApp, hostOf, PRODUCTION_SECRETS, type TestApp } from './build-test-app.ts';
import { READINESS_STALE_MS } from '../src/modules/health/readiness.ts';
import { awaitMailTo, bearer, signUp, someObjectId } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health and errors', () => {
  it('reports liveness without the database and readiness with it', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json().data.status).toBe('ok');
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data.database).toMatch(/pglite|postgres/);
  });

  it('answers 503 in the envelope when the database does not answer, while liveness stays 200', async () => {
    // Past the stale window the next probe waits for the database again.
    t.clock.advance(READINESS_STALE_MS);
    const ping = vi.spyOn(t.app.database, 'ping').mockRejectedValue(new Error('connect ECONNREFUSED 10.0.0.5:5432'));
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: { type: 'unavailable', name: expect.any(String), message: 'The database is unreachable', status: 503 },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    } finally {
      ping.mockRestore();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { type: 'not-found', name: 'NotFoundError', message: 'No route GET /api/v1/no-such-thing', status: 404 },
    });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never leaks the text of a 5xx, and refuses routes without an access rule', async () => {
    const { buildApp } = await import('../src/app.ts');
    const { createTestDatabase } = await import('./test-database.ts');
    const database = await createTestDatabase();
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32), WEB_DIST: '/none' }), {
      database,
      logger: false,
    });
    try {
      expect(() => app.get('/api/v1/undeclared', { schema: { operationId: 'undeclared' } }, async () => 'x')).toThrow(
        /declares no access rule/,
      );
      expect(() => app.get('/api/v1/unnamed', { config: { access: 'public' } }, async () => 'x')).toThrow(/has no schema.operationId/);
      app.get('/api/v1/boom', { schema: { operationId: 'boom' }, config: { access: 'public' } }, async () => {
        throw new Error('secret connection string postgres://user:pw@db');
      });
      const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { type: 'internal', name: 'InternalServerError', message: 'Internal server error', status: 500 },
      });
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('configuration', () => {
  it('stops with a message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_DATABASE_URL: 'postgres://web@db/tessera' })).toThrow(/APP_DATABASE_URL needs DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(/S3_BUCKET needs S3_ENDPOINT/);
    expect(
      loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).s3,
    ).toMatchObject({ bucket: 'files', forcePathStyle: true });
  });

  it('reads relative paths from the folder npm was started in', () => {
    const config = loadConfig({ INIT_CWD: '/srv/tessera', DATA_DIR: './data' });
    expect(config.dataDir).toBe('/srv/tessera/data');
    expect(config.storageDir).toBe('/srv/tessera/data/files');
    expect(loadConfig({ INIT_CWD: '/srv/tessera', DATA_DIR: '/var/lib/tessera', STORAGE_DIR: 'files' }).storageDir).toBe(
      '/srv/tessera/files',
    );
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, defaultTenant: 'demo', appType: 'platform', demoData: true, baseDomain: 'localhost' });
  });

  it('creates no demo accounts (their passwords are public) in production unless asked to', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...PRODUCTION_SECRETS }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: '1', ...PRODUCTION_SECRETS }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: '0' }).demoData).toBe(false);
  });
});

describe('OpenAPI', () => {
  it('documents every route with tags, and serves the interactive reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/auth/signin',
      '/auth/signup',
      '/auth/password-reset-request',
      '/auth/password-reset-confirm',
      '/auth/token-refresh',
      '/auth/password-update',
      '/auth/invite',
      '/auth/invite-accept',
      '/user/{id}',
      '/user/{id}/events',
      '/tenant/{t}/public',
      '/analytics',
      '/health',
      '/health/live',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
      const operations = Object.values(doc.paths[path]) as { tags?: string[]; description?: string }[];
      for (const op of operations) {
        expect(op.tags?.length, path).toBeGreaterThan(0);
        expect(op.description, path).toContain('Access:');
      }
    }
    expect(doc.paths['/auth/signin'].post.security).toEqual([]);
    expect(doc.paths['/auth/invite'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.security).toEqual([{ bearer: [] }]);
    const docs = await t.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('tenancy', () => {
  it('reads the tenant and app type from the host', () => {
    expect(parseHost('acme.localhost:3000', 'localhost')).toEqual({ slug: 'acme', appType: null });
    expect(parseHost('acme.tessera.app', 'tessera.app')).toEqual({ slug: 'acme', appType: null });
    expect(parseHost('manage.acme.tessera.app', 'tessera.app')).toEqual({ slug: 'acme', appType: 'manage' });
    expect(parseHost('tessera.app', 'tessera.app')).toEqual({ slug: null, appType: null });
    expect(parseHost('localhost:3000', 'tessera.app')).toEqual({ slug: null, appType: null });
    expect(parseHost('127.0.0.1:3000', 'localhost')).toEqual({ slug: null, appType: null });
    expect(parseHost('a.b.localhost', 'localhost')).toEqual({ slug: null, appType: null });
    expect(parseHost(undefined, 'localhost')).toEqual({ slug: null, appType: null });
  });

  it('answers every request, HEAD included, with the tenant headers of its host', async () => {
    const acme = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'acme.localhost:3000' } });
    expect(acme.headers['x-tenant-id']).toBe(t.tenants.acme.id);
    expect(acme.headers['x-tenant-slug']).toBe('acme');
    expect(acme.headers['x-app-type']).toBe('platform');
    const bare = await t.app.inject({ method: 'HEAD', url: '/signin', headers: { host: 'localhost:3000' } });
    expect(bare.headers['x-tenant-slug']).toBe('demo');
    const manage = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'manage.globex.localhost' } });
    expect(manage.headers['x-tenant-slug']).toBe('globex');
    expect(manage.headers['x-app-type']).toBe('manage');
    const unknown = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: 'nobody.localhost' } });
    expect(unknown.headers['x-tenant-slug']).toBeUndefined();
  });

  it("gives the public view of the address's tenant by slug or id, and nothing more", async () => {
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/public', headers: { host: 'acme.localhost' } });
    expect(bySlug.statusCode).toBe(200);
    const data = bySlug.json().data;
    expect(Object.keys(data).sort()).toEqual(['_id', 'branding', 'highMinimumPath', 'name', 'slug', 'supportEmail']);
    expect(data).toMatchObject({ supportEmail: 'support@tessera.local', highMinimumPath: false });
    expect(data.branding.theme).toMatchObject({
      fontFamily: 'Roboto',
      borderRadius: 4,
      defaultMode: 'light',
      light: { primary: '#1A3A65', secondary: '#C4A880' },
    });
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/${t.tenants.globex.id}/public`,
      headers: { host: 'globex.localhost' },
    });
    expect(byId.json().data.slug).toBe('globex');
    // `{t}` names the tenant of the address (issue #16): another tenant, an unknown one or a malformed name is not found.
    for (const other of ['globex', 'nobody', 'Bad_Slug!'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/tenant/${other}/public`, headers: { host: 'acme.localhost' } })).statusCode,
      ).toBe(404);
  });

  it('answers API calls on an unknown host with a 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: 'nobody.localhost' },
      payload: { email: 'a@example.com', password: 'whatever-1' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Organization not found for this address');
  });
});

describe('users', () => {
  it("lets a user read only their own account: another user's id or another tenant's token get a 404", async () => {
    const alice = await signUp(t.app, 'acme');
    const bob = await signUp(t.app, 'acme');
    const carol = await signUp(t.app, 'globex');
    const asBob = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${alice.user._id}`,
      headers: { host: hostOf('acme'), ...bearer(bob.token) },
    });
    expect(asBob.statusCode).toBe(404);
    const asCarol = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${alice.user._id}/events`,
      headers: { host: hostOf('globex'), ...bearer(carol.token) },
    });
    expect(asCarol.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/user/${alice.user._id}`, headers: { host: hostOf('acme') } });
    expect(anonymous.statusCode).toBe(401);
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/not-an-id',
      headers: { host: hostOf('acme'), ...bearer(alice.token) },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toContain('path.id');
  });

  it("lists the user's events in this tenant, searchable, sorted and paginated", async () => {
    const user = await signUp(t.app, 'acme');
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        headers: { host: hostOf('acme') },
        payload: { email: user.email, password: user.password },
      });
    }
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/user/${user.user._id}/events?${query}`,
        headers: { host: hostOf('acme'), ...bearer(user.token) },
      });
    const all = await get('');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, limit: 20, total: 5 });
    expect(all.json().data[0]).toMatchObject({ message: 'Signed in', entityType: 'user', userName: 'Test User' });
    const searched = await get('search=signed%20up');
    expect(searched.json().meta.total).toBe(1);
    expect(searched.json().data[0].meta.change.email).toEqual({ old: null, new: user.email });
    const page = await get('limit=2&page=2&sort=createdAt&direction=asc');
    expect(page.json().data).toHaveLength(2);
    expect(page.json().meta).toEqual({ page: 2, limit: 2, total: 5 });
    expect((await get('limit=101')).statusCode).toBe(400);
    expect((await get('sort=password')).statusCode).toBe(400);
    // Nothing from another tenant shows here.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: hostOf('globex') },
      payload: { email: user.email, password: user.password },
    });
    expect((await get('')).json().meta.total).toBe(5);
  });

  it("reads the user's own membership, and not another tenant's", async () => {
    const user = await signUp(t.app, 'acme');
    const headers = { host: hostOf('acme'), ...bearer(user.token) };
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/user/${user.user._id}/tenant-member`, headers });
    expect(own.json().data).toMatchObject({ tenant: t.tenants.acme.id, membershipStatus: 'active' });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${user.user._id}/tenant-member?tenantId=${t.tenants.globex.id}`,
      headers,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('analytics', () => {
  const count = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(analyticsEvents))[0]!.n;
  const event = {
    type: 'view',
    tid: 'tid-1234567890',
    client: { path: '/signin', title: 'Sign in', referrer: '' },
    environment: { protocol: 'http:', host: 'acme.localhost', env: 'test', version: '1', appType: 'platform' },
    userAgent: 'vitest',
    meta: { location: { pathname: '/signin', search: '', hash: '' } },
  };

  it('stores one event or a batch for the tenant of the address, anonymously', async () => {
    const one = await t.app.inject({ method: 'POST', url: '/api/v1/analytics', headers: { host: hostOf('acme') }, payload: event });
    expect(one.statusCode).toBe(200);
    expect(one.json().data.ids).toHaveLength(1);
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: hostOf('acme') },
      payload: [
        { ...event, tid: 'tid-batch-00001' },
        { ...event, type: 'cta', offer: someObjectId() },
      ],
    });
    expect(batch.json().data.ids).toHaveLength(2);
    expect(batch.json().data.recorded).toBe(2);
  });

  it('takes the user from a valid token only, never from the body', async () => {
    const user = await signUp(t.app, 'acme');
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: hostOf('acme') },
      payload: { ...event, tid: 'tid-spoofed-001', user: user.user._id },
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: hostOf('acme'), ...bearer(user.token) },
      payload: { ...event, tid: 'tid-signed-in-01' },
    });
    const rows = await t.app.db.select().from(analyticsEvents);
    expect(rows.find((r) => r.id === spoofed.json().data.ids[0])?.userId).toBeNull();
    expect(rows.find((r) => r.id === signedIn.json().data.ids[0])?.userId).toBe(user.user._id);
  });

  it('answers 429 in the envelope once over its rate limit', async () => {
    const limited = await buildTestApp({ ANALYTICS_RATE_LIMIT_MAX: '2' });
    try {
      const send = () =>
        limited.app.inject({ method: 'POST', url: '/api/v1/analytics', headers: { host: hostOf('acme') }, payload: event });
      for (let i = 0; i < 2; i++) expect((await send()).statusCode).toBe(200);
      const res = await send();
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatchObject({ type: 'rate-limited', name: 'RateLimitError', status: 429 });
      expect(res.json().error.message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });

  it('drops and counts invalid events, unknown fields and other tenants, recording the valid ones of the batch', async () => {
    const before = await count();
    const invalid = [
      { ...event, type: 'nope' },
      { ...event, email: 'a@example.com' },
      { ...event, tid: 'x' },
      { ...event, tenant: t.tenants.globex.id },
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: hostOf('acme') },
      payload: [...invalid, { ...event, tid: 'valid-tid-123' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ recorded: 1, dropped: { invalid: 4, bot: 0, duplicate: 0 } });
    expect(res.json().data.ids.slice(0, 4)).toEqual([null, null, null, null]);
    expect(await count()).toBe(before + 1);
    for (const payload of [[], Array.from({ length: 51 }, () => event)]) {
      const refused = await t.app.inject({ method: 'POST', url: '/api/v1/analytics', headers: { host: hostOf('acme') }, payload });
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(refused.json().error.status).toBe(400);
    }
    expect(await count()).toBe(before + 1);
  });
});

// No route declares `access: { permission }`; the institution:manage flag is checked by Raise mode (requireRaiseMode).
describe('permission flags', () => {
  it('keeps a member out of Raise mode without institution:manage and lets them in with it', async () => {
    const member = await signUp(t.app, 'acme', { role: 'member' });
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/institutions', headers: { host: member.host, ...bearer(member.token) } });
    const denied = await list();
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toMatchObject({ type: 'forbidden', message: RAISE_MODE_REFUSED, status: 403 });
    const row = (await findMember(t.app.db, t.tenants.acme.id, member.user._id))!;
    await updateMember(t.app.db, row.tenantId, row.id, { attributes: { ...row.attributes, 'institution:manage': true } });
    const allowed = await list();
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().meta.total).toBe(0);
  });
});

describe('dev mailbox', () => {
  it('shows the outbox as a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Dev mailbox');
  });

  it('answers this machine only: any other caller gets a 404 envelope, from the API and the page', async () => {
    const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, remoteAddress, headers });
    for (const url of ['/api/v1/dev/mailbox', `/api/v1/dev/mailbox/${someObjectId()}?allTenants=true`, '/dev/mailbox']) {
      const res = await get(url, '203.0.113.7');
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toEqual({
        type: 'not-found',
        name: 'NotFoundError',
        message: `No route GET ${url.split('?')[0]}`,
        status: 404,
      });
      // A remote caller relayed by a local proxy, or claiming to be local, is still remote.
      expect((await get(url, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode, url).toBe(404);
      expect((await get(url, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode, url).toBe(404);
    }
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await get('/api/v1/dev/mailbox', local)).statusCode, local).toBe(200);
      expect((await get('/dev/mailbox', local)).statusCode, local).toBe(200);
    }
  });

  it("reads the mail of the host's tenant, and every tenant's only when asked", async () => {
    const user = await signUp(t.app, 'acme');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset-request',
      headers: { host: user.host },
      payload: { email: user.email },
    });
    const { mail } = await awaitMailTo(t.app, user.email);
    expect(mail).toBeDefined();
    const list = (host: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/v1/dev/mailbox?to=${encodeURIComponent(user.email)}${query}`, headers: { host } });
    const [here, elsewhere, everywhere] = await Promise.all([
      list(hostOf('acme')),
      list(hostOf('globex')),
      list('localhost', '&allTenants=true'),
    ]);
    expect(here.json().meta.total).toBe(1);
    expect(elsewhere.json().data).toEqual([]);
    expect(everywhere.json().data.map((m: { _id: string }) => m._id)).toEqual(here.json().data.map((m: { _id: string }) => m._id));

    const id = here.json().data[0]._id as string;
    const one = (host: string, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/dev/mailbox/${id}${query}`, headers: { host } });
    expect((await one(hostOf('acme'))).statusCode).toBe(200);
    expect((await one(hostOf('globex'))).statusCode).toBe(404);
    expect((await one(hostOf('globex'), '?allTenants=true')).statusCode).toBe(200);

    const page = (host: string, query = '') => t.app.inject({ method: 'GET', url: `/dev/mailbox${query}`, headers: { host } });
    expect((await page(hostOf('acme'))).body).toContain(user.email);
    expect((await page(hostOf('globex'))).body).not.toContain(user.email);
    expect((await page(hostOf('globex'), '?allTenants=true')).body).toContain(user.email);
  });
});
