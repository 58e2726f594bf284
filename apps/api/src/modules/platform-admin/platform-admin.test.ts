import { LIST_TOTAL_CAP } from '@tessera/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timelineEvents } from '../../db/schema/index.ts';
import { PLATFORM_TIMELINE } from '../timeline/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, lastMailTo, signUp, someObjectId, uniqueEmail, type SignedUp } from '../../../test/factories.ts';

let t: TestApp;
let admin: SignedUp;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUp(t.app, 'acme', { admin: true });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown, host = hostOf('acme')) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** Events of the platform timeline about one entity, oldest first. */
const platformEvents = (entity: string) =>
  t.app.db
    .select()
    .from(timelineEvents)
    .where(and(eq(timelineEvents.tenantId, PLATFORM_TIMELINE), eq(timelineEvents.entity, entity)))
    .orderBy(timelineEvents.createdAt);

async function countRows(table: string): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const rows = (await t.app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as
    | { rows?: { n: number }[] }
    | { n: number }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return list[0]!.n;
}

describe('access', () => {
  const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
    ['GET', 'tenant'],
    ['POST', 'tenant', { name: 'X', slug: 'x-co', ownerEmail: 'x@example.com' }],
    ['GET', 'tenant/slug-available?slug=abc'],
    ['GET', 'admin/user'],
    ['GET', 'admin/application'],
    ['GET', 'admin/offer'],
    ['GET', 'admin/events'],
    ['PUT', `admin/user/${someObjectId()}/role`, { role: 'admin' }],
  ];
  it('gives 401 without a token and 403 to owners, members and investors', async () => {
    const owner = await signUp(t.app, 'acme', { role: 'owner' });
    const member = await signUp(t.app, 'acme', { role: 'member' });
    const investor = await signUp(t.app, 'acme');
    for (const [method, url, body] of routes) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      for (const who of [owner, member, investor]) expect((await call(method, url, who.token, body)).statusCode, url).toBe(403);
    }
  });

  it('lets a platform admin list tenants with member counts and users with filters', async () => {
    const res = await call('GET', 'tenant?search=acme', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, limit: 20, total: 1 });
    expect(body.data[0]).toMatchObject({ slug: 'acme', name: 'Acme Capital' });
    expect(body.data[0].memberCount).toBeGreaterThanOrEqual(1);

    const users = await call('GET', `admin/user?search=${encodeURIComponent(admin.email)}&role=admin`, admin.token);
    expect(users.json().data.map((u: { email: string }) => u.email)).toEqual([admin.email]);
    const none = await call('GET', `admin/user?search=${encodeURIComponent(admin.email)}&accountStatus=suspended`, admin.token);
    expect(none.json().meta.total).toBe(0);
    expect((await call('GET', 'admin/user?role=king', admin.token)).statusCode).toBe(400);
  });

  it("lists every tenant's offers with their tenant and institution, searchable", async () => {
    const { institutions, offers, tenants } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const [acme] = await t.app.db.select().from(tenants).where(eq(tenants.slug, 'acme'));
    const institutionId = someObjectId();
    await t.app.db.insert(institutions).values({ tenantId: acme!.id, id: institutionId, name: 'Acme Fund I', slug: 'acme-fund-i' });
    await t.app.db
      .insert(offers)
      .values({ tenantId: acme!.id, id: someObjectId(), institutionId, name: 'Harbor Lofts', slug: 'harbor-lofts' });
    const all = (await call('GET', 'admin/offer', admin.token)).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(1);
    expect(all.data).toContainEqual(
      expect.objectContaining({
        name: 'Harbor Lofts',
        tenantSlug: 'acme',
        institution: { _id: institutionId, name: 'Acme Fund I' },
        approvalStatus: 'pending',
        published: false,
        visibilityStatus: 'hidden',
      }),
    );
    expect((await call('GET', 'admin/offer?search=harbor', admin.token)).json().data.map((o: { slug: string }) => o.slug)).toEqual([
      'harbor-lofts',
    ]);
    expect((await call('GET', 'admin/offer?search=nothing-like-it', admin.token)).json().meta.total).toBe(0);
  });
});

describe('tenants', () => {
  it('checks slugs: format, reserved, taken', async () => {
    const check = async (slug: string) => (await call('GET', `tenant/slug-available?slug=${slug}`, admin.token)).json().data;
    expect(await check('fresh-co')).toMatchObject({ available: true, reason: null });
    expect(await check('acme')).toMatchObject({ available: false, reason: 'This address is already taken' });
    expect(await check('www')).toMatchObject({ available: false, reason: 'This address is reserved by the platform' });
    expect((await check('-bad-')).available).toBe(false);
  });

  it('refuses a taken slug with 409, a reserved one and bad input with 400, writing nothing', async () => {
    const before = await countRows('tenants');
    const taken = await call('POST', 'tenant', admin.token, { name: 'Acme 2', slug: 'acme', ownerEmail: uniqueEmail() });
    expect(taken.statusCode).toBe(409);
    const reserved = await call('POST', 'tenant', admin.token, { name: 'Admin', slug: 'admin', ownerEmail: uniqueEmail() });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error.message).toMatch(/slug/);
    const bad = await call('POST', 'tenant', admin.token, { name: '', slug: 'Not A Slug', ownerEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(await countRows('tenants')).toBe(before);
  });

  it('creates a tenant, invites the owner on its address, and the owner accepts there', async () => {
    const ownerEmail = uniqueEmail('owner');
    const res = await call('POST', 'tenant', admin.token, { name: 'Initech Funds', slug: 'initech', ownerEmail });
    expect(res.statusCode, res.body).toBe(201);
    const tenant = res.json().data;
    expect(tenant).toMatchObject({ slug: 'initech', name: 'Initech Funds', memberCount: 0 });
    expect(res.headers.location).toBe(`/api/v1/tenant/${tenant._id}`);
    expect((await call('GET', `admin/tenant/initech/members`, admin.token)).json().data).toEqual([
      expect.objectContaining({ email: ownerEmail, role: 'owner', membershipStatus: 'invited' }),
    ]);

    const { mail, token } = await lastMailTo(t.app, ownerEmail);
    expect(mail!.text).toContain('http://initech.localhost/invite-accept?token=');
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/invite-accept',
      headers: { host: hostOf('initech') },
      payload: {
        inviteToken: token,
        email: ownerEmail,
        password: 'correct-horse-battery',
        firstname: 'Olive',
        lastname: 'Owner',
        acceptDisclosures: true,
      },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().data.tenantMember).toMatchObject({ tenant: tenant._id, membershipStatus: 'active', rbac: { role: 'owner' } });

    const members = await call('GET', `admin/tenant/${tenant._id}/members`, admin.token);
    expect(members.json().data).toEqual([expect.objectContaining({ email: ownerEmail, role: 'owner', membershipStatus: 'active' })]);
    const events = await call('GET', `admin/tenant/${tenant._id}/events`, admin.token);
    const created = events.json().data.find((e: { type: string; entityType: string }) => e.type === 'create' && e.entityType === 'tenant');
    expect(created.meta.change.slug).toEqual({ old: null, new: 'initech' });
    expect((await call('GET', `tenant/${tenant._id}`, admin.token)).json().data.memberCount).toBe(1);
    // Any tenant by id or by slug: the Location of the create answers the same record.
    expect((await call('GET', res.headers.location!.replace('/api/v1/', ''), admin.token)).json().data).toMatchObject({ slug: 'initech' });
    expect((await call('GET', 'tenant/initech', admin.token)).json().data).toMatchObject({ _id: tenant._id, memberCount: 1 });
  });

  it('invites an existing account as owner, who becomes one by accepting (signing in on the new address)', async () => {
    const existing = await signUp(t.app, 'globex');
    const res = await call('POST', 'tenant', admin.token, { name: 'Hooli', slug: 'hooli', ownerEmail: existing.email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.memberCount).toBe(0);
    expect((await lastMailTo(t.app, existing.email)).mail?.subject).toBe('You are invited to Hooli');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: hostOf('hooli') },
      payload: { email: existing.email, password: existing.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.tenantMember).toMatchObject({ membershipStatus: 'active', rbac: { role: 'owner' } });
    expect((await call('GET', `tenant/${res.json().data._id}`, admin.token)).json().data.memberCount).toBe(1);
  });

  it('deletes a tenant with its members, but never the host tenant or the default one', async () => {
    const created = (await call('POST', 'tenant', admin.token, { name: 'Doomed', slug: 'doomed', ownerEmail: uniqueEmail() })).json().data;
    expect((await call('DELETE', `tenant/${t.tenants.acme.id}`, admin.token)).statusCode).toBe(400);
    expect((await call('DELETE', `tenant/${t.tenants.demo.id}`, admin.token)).statusCode).toBe(400);
    const del = await call('DELETE', `tenant/${created._id}`, admin.token);
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    expect((await call('GET', `tenant/${created._id}`, admin.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tenant/doomed/public' })).statusCode).toBe(404);
    const [event] = await platformEvents(created._id);
    expect(event).toMatchObject({ type: 'delete', userId: admin.user._id, meta: { delete: { slug: 'doomed' } } });
    expect((await call('GET', 'admin/tenant/' + t.tenants.acme.id + '/events?search=Doomed', admin.token)).json().data).toEqual([]);
    expect((await call('DELETE', `tenant/${someObjectId()}`, admin.token)).statusCode).toBe(404);
  });
});

describe('capped totals (#25)', () => {
  it("counts a tenant's history up to 10,000 events: past that the total is the cap, marked, and later pages answer", async () => {
    const res = await call('POST', 'tenant', admin.token, { name: 'Busy', slug: 'busy-history', ownerEmail: uniqueEmail() });
    expect(res.statusCode, res.body).toBe(201);
    const tenant = (res.json() as { data: { _id: string } }).data._id;
    const before = (await call('GET', `admin/tenant/${tenant}/events`, admin.token)).json() as { meta: Record<string, unknown> };
    const own = before.meta.total as number;
    expect(own).toBeGreaterThan(0);
    expect(before.meta).toEqual({ page: 1, limit: 20, total: own });
    await t.app.db.execute(sql`
      insert into timeline_events (tenant_id, id, type, entity, entity_type, message, meta, refs, created_at)
      select ${tenant}, substr(md5('capped-' || n), 1, 24), 'other', ${tenant}, 'tenant', 'Generated', '{}'::jsonb, '[]'::jsonb,
        now() - interval '1 day' - n * interval '1 second'
      from generate_series(1, ${LIST_TOTAL_CAP}) as n`);
    const capped = await call('GET', `admin/tenant/${tenant}/events`, admin.token);
    expect(capped.statusCode, capped.body).toBe(200);
    expect(capped.json().meta).toEqual({ page: 1, limit: 20, total: LIST_TOTAL_CAP, totalCapped: true });
    // Past the cap the pages still answer: the last holds the events beyond the first 10,000.
    const last = await call('GET', `admin/tenant/${tenant}/events?limit=100&page=${LIST_TOTAL_CAP / 100 + 1}`, admin.token);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data).toHaveLength(own);
    expect(last.json().meta).toEqual({ page: LIST_TOTAL_CAP / 100 + 1, limit: 100, total: LIST_TOTAL_CAP, totalCapped: true });
    // A search of exactly the cap's events counts them exactly, one fewer than the list.
    const found = await call('GET', `admin/tenant/${tenant}/events?search=Generated&limit=1`, admin.token);
    expect(found.json().meta).toEqual({ page: 1, limit: 1, total: LIST_TOTAL_CAP });
    expect((await call('GET', `admin/tenant/${tenant}/events?search=Busy`, admin.token)).json().meta.totalCapped).toBeUndefined();
  });
});

describe('users', () => {
  it('changes a role with an event, but an admin cannot remove their own admin role', async () => {
    const target = await signUp(t.app, 'globex');
    const res = await call('PUT', `admin/user/${target.user._id}/role`, admin.token, { role: 'evaluator' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toBe('evaluator');
    const fetched = await call('GET', `admin/user/${target.user._id}`, admin.token);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data).toMatchObject({ _id: target.user._id, email: target.email, role: 'evaluator', archivedAt: null });
    const [event] = await platformEvents(target.user._id);
    expect(event).toMatchObject({
      type: 'update',
      entityType: 'user',
      userId: admin.user._id,
      meta: { change: { role: { old: 'user', new: 'evaluator' } } },
    });

    const self = await call('PUT', `admin/user/${admin.user._id}/role`, admin.token, { role: 'user' });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot remove your own admin role');
    expect((await call('PUT', `admin/user/${target.user._id}/role`, admin.token, { role: 'king' })).statusCode).toBe(400);
    expect((await call('PUT', `admin/user/${someObjectId()}/role`, admin.token, { role: 'user' })).statusCode).toBe(404);
  });

  it('shows associations across tenants', async () => {
    const target = await signUp(t.app, 'globex');
    const res = await call('GET', `admin/user/${target.user._id}/associations`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.memberships).toEqual([
      expect.objectContaining({ tenant: expect.objectContaining({ slug: 'globex' }), role: 'investor' }),
    ]);
    expect(res.json().data.counts).toEqual({ individualProfiles: 0, legalEntityProfiles: 0, documents: 0 });
  });

  it('creates a tenant membership through an rbac assignment, changes and removes it', async () => {
    const target = await signUp(t.app, 'globex');
    const created = await call('POST', `admin/user/${target.user._id}/rbac`, admin.token, {
      entityType: 'tenant',
      entity: t.tenants.acme.id,
      role: 'editor',
    });
    expect(created.statusCode, created.body).toBe(201);
    const assignment = created.json().data;
    expect(assignment).toMatchObject({ entityType: 'tenant', entity: t.tenants.acme.id, role: 'editor' });
    expect(created.headers.location).toBe(`/api/v1/admin/user/${target.user._id}/rbac/${assignment._id}`);
    // The same tenant again changes the existing membership: 200, no new resource.
    const again = await call('POST', `admin/user/${target.user._id}/rbac`, admin.token, {
      entityType: 'tenant',
      entity: t.tenants.acme.id,
      role: 'editor',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data._id).toBe(assignment._id);

    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: hostOf('acme') },
      payload: { email: target.email, password: target.password },
    });
    expect(signin.json().data.tenantMember).toMatchObject({ membershipStatus: 'active', rbac: { role: 'editor' } });

    const list = (await call('GET', `admin/user/${target.user._id}/rbac`, admin.token)).json();
    expect(list.data).toHaveLength(2);
    expect(list.meta).toEqual({ page: 1, limit: 20, total: 2 });
    const second = (await call('GET', `admin/user/${target.user._id}/rbac?limit=1&page=2`, admin.token)).json();
    expect(second).toEqual({ data: [list.data[1]], meta: { page: 2, limit: 1, total: 2 } });
    const changed = await call('PUT', `admin/user/${target.user._id}/rbac/${assignment._id}`, admin.token, { role: 'viewer' });
    expect(changed.json().data.role).toBe('viewer');
    const removed = await call('DELETE', `admin/user/${target.user._id}/rbac/${assignment._id}`, admin.token);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `admin/user/${target.user._id}/rbac`, admin.token)).json().data).toHaveLength(1);
    expect((await call('PUT', `admin/user/${target.user._id}/rbac/${someObjectId()}`, admin.token, { role: 'viewer' })).statusCode).toBe(
      404,
    );
  });

  it('keeps institution and offer assignments, requiring their tenant', async () => {
    const target = await signUp(t.app, 'globex');
    const before = await countRows('role_assignments');
    const missing = await call('POST', `admin/user/${target.user._id}/rbac`, admin.token, {
      entityType: 'institution',
      entity: someObjectId(),
      role: 'owner',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/tenant/);
    expect(await countRows('role_assignments')).toBe(before);
    const entity = someObjectId();
    const ok = await call('POST', `admin/user/${target.user._id}/rbac`, admin.token, {
      entityType: 'offer',
      entity,
      role: 'viewer',
      tenant: t.tenants.globex.id,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(
      (
        await call('POST', `admin/user/${target.user._id}/rbac`, admin.token, {
          entityType: 'offer',
          entity,
          role: 'owner',
          tenant: t.tenants.globex.id,
        })
      ).statusCode,
    ).toBe(409);
    const id = ok.json().data._id;
    expect((await call('PUT', `admin/user/${target.user._id}/rbac/${id}`, admin.token, { role: 'editor' })).json().data.role).toBe(
      'editor',
    );
    expect((await call('DELETE', `admin/user/${target.user._id}/rbac/${id}`, admin.token)).statusCode).toBe(204);
  });

  it('deletes a user, never themselves', async () => {
    const target = await signUp(t.app, 'globex');
    expect((await call('DELETE', `admin/user/${admin.user._id}`, admin.token)).statusCode).toBe(400);
    const res = await call('DELETE', `admin/user/${target.user._id}`, admin.token);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call('GET', `admin/user/${target.user._id}`, admin.token)).statusCode).toBe(404);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: hostOf('globex') },
      payload: { email: target.email, password: target.password },
    });
    expect(signin.statusCode).toBe(401);
  });

  it("keeps user role, rbac and user deletion events out of every tenant's dashboard and history", async () => {
    // The admin works signed in to acme; every change below is about globex users.
    const acmeOwner = await signUp(t.app, 'acme', { role: 'owner' });
    const globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
    const target = await signUp(t.app, 'globex', { firstname: 'Petra', lastname: 'Platformed' });
    const doomed = await signUp(t.app, 'globex', { firstname: 'Dora', lastname: 'Deleted' });
    expect((await call('PUT', `admin/user/${target.user._id}/role`, admin.token, { role: 'demo' })).statusCode).toBe(200);
    const rbac = await call('POST', `admin/user/${target.user._id}/rbac`, admin.token, {
      entityType: 'institution',
      entity: someObjectId(),
      role: 'viewer',
      tenant: t.tenants.globex.id,
    });
    expect(rbac.statusCode, rbac.body).toBe(201);
    expect(
      (await call('PUT', `admin/user/${target.user._id}/rbac/${rbac.json().data._id}`, admin.token, { role: 'editor' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `admin/user/${target.user._id}/rbac/${rbac.json().data._id}`, admin.token)).statusCode).toBe(204);
    expect((await call('DELETE', `admin/user/${doomed.user._id}`, admin.token)).statusCode).toBe(204);

    // Each tenant keeps its own events about these users (globex: their sign-ups); none made by the admin.
    const byAdminAboutThem = (events: { user: string | null; message: string }[]) =>
      events.filter((e) => e.user === admin.user._id && /Petra|Dora/.test(e.message));
    const acmeDashboard = await call('GET', `tenant/${t.tenants.acme.id}/dashboard`, acmeOwner.token);
    expect(acmeDashboard.statusCode, acmeDashboard.body).toBe(200);
    const globexDashboard = await call('GET', `tenant/${t.tenants.globex.id}/dashboard`, globexOwner.token, undefined, hostOf('globex'));
    expect(globexDashboard.statusCode, globexDashboard.body).toBe(200);
    for (const dashboard of [acmeDashboard, globexDashboard]) {
      expect(byAdminAboutThem(dashboard.json().data.recentActivity)).toEqual([]);
    }
    for (const tenant of [t.tenants.acme.id, t.tenants.globex.id]) {
      const events = await call('GET', `admin/tenant/${tenant}/events?limit=100`, admin.token);
      expect(events.statusCode, events.body).toBe(200);
      expect(byAdminAboutThem(events.json().data)).toEqual([]);
    }
    const adminActivity = (await call('GET', `user/${admin.user._id}/events?limit=100`, admin.token)).json().data;
    expect(byAdminAboutThem(adminActivity)).toEqual([]);

    expect((await platformEvents(target.user._id)).map((e) => e.message)).toEqual([
      expect.stringContaining('changed the role of Petra Platformed to demo'),
      expect.stringContaining('gave Petra Platformed the viewer role on institution'),
      expect.stringContaining('changed the institution role of Petra Platformed to editor'),
      expect.stringContaining('removed the institution role of Petra Platformed'),
    ]);
    expect((await platformEvents(doomed.user._id)).map((e) => e.type)).toEqual(['delete']);

    // The platform timeline itself is what GET admin/events serves, searchable and sortable like every history.
    const timeline = await call('GET', 'admin/events?search=Petra&sort=createdAt&direction=asc&limit=100', admin.token);
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json().data.map((e: { message: string }) => e.message)).toEqual(
      (await platformEvents(target.user._id)).map((e) => e.message),
    );
    expect(timeline.json().data[0]).toMatchObject({
      entity: target.user._id,
      entityType: 'user',
      user: admin.user._id,
      userName: expect.any(String),
    });
    expect(timeline.json().meta).toEqual({ page: 1, limit: 100, total: 4 });
    const deletion = (await call('GET', 'admin/events?search=Dora', admin.token)).json().data;
    expect(deletion).toEqual([
      expect.objectContaining({ type: 'delete', meta: { delete: expect.objectContaining({ firstname: 'Dora' }) } }),
    ]);
    expect((await call('GET', 'admin/events?sort=when', admin.token)).statusCode).toBe(400);
  });
});
