import { RAISE_MODE_REFUSED, type Institution, type TeamMember, type TimelineEvent } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, institutions, offers, roleAssignments, tenantMembers, timelineEvents, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { TestApp } from '../../../test/build-test-app.ts';
import { multipart, PNG } from '../documents/documents.test-helpers.ts';
import { givePlan } from '../../../test/billing.ts';
import {
  bearer,
  callerOf,
  lastMailTo,
  type Method,
  PASSWORD,
  type SignedUp,
  signUp,
  someObjectId,
  tenantEventsOf,
  uniqueEmail,
  useTestApp,
} from '../../../test/factories.ts';

let t: TestApp;
let owner: SignedUp;
let gp: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let admin: SignedUp;

const api = callerOf(() => t.app);
const call = (who: SignedUp, method: Method, path: string, payload?: object, tenant = 'acme') =>
  api(who, method, `tenant/${tenant}/institutions${path}`, payload);
const eventsOf = (id: string) => tenantEventsOf(t.app, t.tenants.acme.id, id);
const rowOf = async (id: string) => (await t.app.db.select().from(institutions).where(eq(institutions.id, id)))[0];

let sequence = 0;
async function create(who: SignedUp = owner, extra: object = {}): Promise<Institution> {
  const slug = `fund-${Date.now().toString(36)}-${++sequence}`;
  const res = await call(who, 'POST', '', { name: `Fund ${slug}`, slug, descriptionShort: 'A fund', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Institution;
}
async function joinTeam(who: SignedUp, institutionId: string, role = 'member') {
  await t.app.db.insert(roleAssignments).values({
    tenantId: t.tenants.acme.id,
    id: newId(),
    userId: who.user._id,
    entityType: 'institution',
    entityId: institutionId,
    role: role as 'member',
  });
}
async function invite(who: SignedUp, institutionId: string, extra: object = {}) {
  const email = uniqueEmail('team');
  const res = await call(who, 'POST', `/${institutionId}/team/invite`, { email, firstname: 'Grace', lastname: 'Hopper', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.headers.location).toBe(`/api/v1/tenant/acme/institutions/${institutionId}/team/${res.json().data._id}`);
  return { email, member: res.json().data as TeamMember };
}

useTestApp(async (app) => {
  t = app;
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  // Editors carry institution:manage by default: a GP.
  gp = await signUp(t.app, 'acme', { role: 'editor' });
  investor = await signUp(t.app, 'acme');
  stranger = await signUp(t.app, 'globex', { role: 'owner' });
  admin = await signUp(t.app, 'acme', { admin: true });
});

describe('access', () => {
  it('every institution read says Raise mode in its access line, refuses an investor 403 and answers an owner and a GP 200', async () => {
    const fund = await create();
    await joinTeam(gp, fund._id);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const reads: [string, string, SignedUp[]][] = [
      ['', '/tenant/{t}/institutions', [owner, gp]],
      [`/${fund._id}`, '/tenant/{t}/institutions/{id}', [owner, gp]],
      [`/${fund._id}/events`, '/tenant/{t}/institutions/{id}/events', [owner, gp]],
      [`/${fund._id}/team`, '/tenant/{t}/institutions/{id}/team', [owner, gp]],
      ['/slug-available?slug=anything-free', '/tenant/{t}/institutions/slug-available', [owner]],
    ];
    for (const [path, documented, admitted] of reads) {
      const line = doc.paths[documented].get.description as string;
      expect(line, documented).toMatch(/Raise mode only|Only the tenant's owners/);
      const refused = await call(investor, 'GET', path);
      expect(refused.statusCode, `investor GET ${documented}`).toBe(403);
      for (const who of admitted) expect((await call(who, 'GET', path)).statusCode, `GET ${documented}`).toBe(200);
    }
    // The slug check is the owners' alone: a GP is refused too.
    expect((await call(gp, 'GET', '/slug-available?slug=anything-free')).statusCode).toBe(403);
  });

  it('investors get 403 with the Raise refusal; another tenant and a GP off the team get 404', async () => {
    const fund = await create();
    const denied = await call(investor, 'GET', '');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(RAISE_MODE_REFUSED);
    expect((await call(investor, 'GET', `/${fund._id}`)).json().error.message).toBe(RAISE_MODE_REFUSED);
    // An owner of globex naming acme from globex's address, or asking globex for acme's institution.
    expect((await call(stranger, 'GET', '', undefined, 'acme')).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/${fund._id}`, undefined, 'globex')).statusCode).toBe(404);
    expect(
      (
        await call(
          stranger,
          'PUT',
          `/${fund._id}/details`,
          { name: 'X', slug: 'x', descriptionShort: 'x', description: null, customMetrics: [] },
          'globex',
        )
      ).statusCode,
    ).toBe(404);
    // A GP not on the team: as if it did not exist.
    expect((await call(gp, 'GET', `/${fund._id}`)).statusCode).toBe(404);
    expect((await call(gp, 'GET', `/${fund._id}/team`)).statusCode).toBe(404);
    expect((await call(gp, 'GET', `/${fund._id}/events`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${someObjectId()}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/${fund._id}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/tenant/acme/institutions', headers: { host: owner.host } })).statusCode).toBe(
      401,
    );
  });

  it('GPs cannot create or delete (owner-only), even on their own team', async () => {
    const fund = await create();
    await joinTeam(gp, fund._id, 'owner');
    const created = await call(gp, 'POST', '', { name: 'Mine', slug: `mine-${Date.now()}`, descriptionShort: 'x' });
    expect(created.statusCode).toBe(403);
    expect(created.json().error.message).toMatch(/owners/);
    expect((await call(gp, 'DELETE', `/${fund._id}`)).statusCode).toBe(403);
    expect((await call(gp, 'GET', `/slug-available?slug=abc`)).statusCode).toBe(403);
    expect(await rowOf(fund._id)).toBeDefined();
  });

  it('a team member of A cannot edit B; a viewer of A cannot edit A', async () => {
    const a = await create();
    const b = await create();
    const viewer = await signUp(t.app, 'acme', { role: 'editor' });
    await joinTeam(gp, a._id);
    await joinTeam(viewer, a._id, 'viewer');
    const details = { name: 'Renamed', descriptionShort: 'New', type: 'bank', description: null, customMetrics: [] };
    expect((await call(gp, 'PUT', `/${b._id}/details`, details)).statusCode).toBe(404);
    expect((await call(gp, 'POST', `/${b._id}/team/invite`, { email: uniqueEmail(), firstname: 'A', lastname: 'B' })).statusCode).toBe(404);
    const byViewer = await call(viewer, 'PUT', `/${a._id}/details`, details);
    expect(byViewer.statusCode).toBe(403);
    expect((await call(viewer, 'GET', `/${a._id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', `/${a._id}/team/invite`, { email: uniqueEmail(), firstname: 'A', lastname: 'B' })).statusCode).toBe(
      403,
    );
    const byGp = await call(gp, 'PUT', `/${a._id}/details`, details);
    expect(byGp.statusCode, byGp.body).toBe(200);
    expect(byGp.json().data).toMatchObject({ name: 'Renamed', type: 'bank', slug: null });
    expect((await rowOf(b._id))!.name).toBe(b.name);
  });
});

describe('access to every institution route', () => {
  /** The institution's row, team and keys (but a key's last use), every membership, and how many users and timeline events exist in any tenant. */
  const written = async (id: string) =>
    JSON.stringify({
      institution: await rowOf(id),
      team: await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, id)).orderBy(roleAssignments.id),
      keys: (await t.app.db.select().from(apiKeys).where(eq(apiKeys.institutionId, id)).orderBy(apiKeys.id)).map(
        ({ lastUsedAt: _lastUsed, ...row }) => row,
      ),
      users: (await t.app.db.select({ id: users.id }).from(users)).length,
      members: await t.app.db.select().from(tenantMembers).orderBy(tenantMembers.id),
      events: (await t.app.db.select({ id: timelineEvents.id }).from(timelineEvents)).length,
    });

  it("a GP of another institution gets 404, a team viewer 403 on every write, another tenant's owner 404; nothing is written", async () => {
    const fund = await create();
    const other = await create();
    const gpOther = await signUp(t.app, 'acme', { role: 'editor' });
    await joinTeam(gpOther, other._id, 'owner');
    const viewer = await signUp(t.app, 'acme', { role: 'editor' });
    await joinTeam(viewer, fund._id, 'viewer');
    const { member } = await invite(owner, fund._id);
    const key = await call(owner, 'POST', `/${fund._id}/api-key/pvt`, { scopes: ['institutions:read'] });
    expect(key.statusCode, key.body).toBe(201);
    const keyId = key.json().data._id as string;

    // Every call on one institution, each with a valid body, so that only access can refuse it.
    const routes: [Method, string, object?][] = [
      ['GET', ''],
      ['GET', '/events'],
      ['GET', '/team'],
      ['GET', '/offers'],
      ['GET', '/api-keys'],
      ['DELETE', ''],
      ['PUT', '/details', { name: 'Taken over', type: 'bank', descriptionShort: 'x', description: null, customMetrics: [] }],
      ['PUT', '/images', { images: [] }],
      ['PUT', '/videos', { videos: [{ id: 'v', url: 'https://example.com/v.mp4', position: 0 }] }],
      ['PUT', '/contact', { contact: { emails: [{ _id: someObjectId(), email: 'taken@over.example', isPrimary: true }] } }],
      ['POST', '/team/invite', { email: uniqueEmail('sneaky'), firstname: 'S', lastname: 'N', role: 'owner' }],
      ['POST', `/team/${member._id}/resend-invite`],
      ['PUT', `/team/${member._id}/role`, { role: 'owner' }],
      ['DELETE', `/team/${member._id}`],
      ['POST', '/api-key/pvt', { scopes: ['offers:read'] }],
      ['POST', '/api-key/pub', {}],
      ['DELETE', `/api-keys/${keyId}`],
    ];
    const before = await written(fund._id);
    for (const [method, path, body] of routes) {
      const url = `/${fund._id}${path}`;
      expect((await call(gpOther, method, url, body)).statusCode, `GP of another institution: ${method} ${path}`).toBe(404);
      // globex's owner on globex's address naming globex: acme's institution is not there.
      expect((await call(stranger, method, url, body, 'globex')).statusCode, `another tenant's owner: ${method} ${path}`).toBe(404);
      if (method !== 'GET') expect((await call(viewer, method, url, body)).statusCode, `viewer: ${method} ${path}`).toBe(403);
    }
    // The collection routes: the list leaves it out; slugs and creating are the tenant owners' (403 to GPs), and another tenant's list does not hold it.
    expect((await call(gpOther, 'GET', `?search=${encodeURIComponent(fund.name)}`)).json().meta.total).toBe(0);
    expect((await call(stranger, 'GET', `?search=${encodeURIComponent(fund.name)}`, undefined, 'globex')).json().meta.total).toBe(0);
    for (const who of [gpOther, viewer]) {
      expect((await call(who, 'GET', `/slug-available?slug=${fund.slug}`)).statusCode).toBe(403);
      expect(
        (await call(who, 'POST', '', { name: 'Mine', slug: `mine-${Date.now().toString(36)}`, descriptionShort: 'x' })).statusCode,
      ).toBe(403);
    }
    expect(await written(fund._id)).toBe(before);
    // The same call by the tenant's owner goes through, so the refusals above are about access, not the bodies.
    expect(
      (await call(owner, 'PUT', `/${fund._id}/videos`, { videos: [{ id: 'v', url: 'https://example.com/v.mp4', position: 0 }] }))
        .statusCode,
    ).toBe(200);
  });

  it('bad input to details, images, videos and contact is 400 and writes nothing', async () => {
    const fund = await create();
    const before = await written(fund._id);
    const bad: [string, object][] = [
      ['/details', { name: '', type: 'bank', descriptionShort: 'x', description: null, customMetrics: [] }],
      ['/details', { name: 'X', type: 'castle', descriptionShort: 'x', description: null, customMetrics: [] }],
      ['/images', { images: [{ id: 'x', image: someObjectId(), position: 0, hidden: false, purpose: 'logo' }] }],
      ['/images', { images: [{ id: 'x', image: someObjectId(), position: 0, purpose: 'poster' }] }],
      ['/videos', { videos: [{ id: 'v', url: 'javascript:alert(1)', position: 0 }] }],
      ['/contact', { contact: { emails: [{ _id: someObjectId(), email: 'not-an-email', isPrimary: true }] } }],
    ];
    for (const [path, body] of bad)
      expect((await call(owner, 'PUT', `/${fund._id}${path}`, body)).statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
    expect(await written(fund._id)).toBe(before);
  });
});

describe('GET tenant/{t}/institutions', () => {
  it('searches, filters, sorts and paginates; counts offers in one go; slug only for owners; GPs see their teams', async () => {
    const tag = Date.now().toString(36);
    const alpha = await create(owner, { name: `Alpha ${tag}`, slug: `alpha-${tag}`, type: 'bank' });
    const beta = await create(owner, { name: `Beta ${tag}`, slug: `beta-${tag}` });
    await t.app.db.insert(offers).values([
      { tenantId: t.tenants.acme.id, id: newId(), institutionId: alpha._id, name: 'O1', slug: `o1-${tag}` },
      { tenantId: t.tenants.acme.id, id: newId(), institutionId: alpha._id, name: 'O2', slug: `o2-${tag}` },
    ]);
    const list = await call(owner, 'GET', `?search=${tag}&sort=name&direction=asc`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((i: Institution) => [i.name, i.offersCount, i.slug])).toEqual([
      [`Alpha ${tag}`, 2, `alpha-${tag}`],
      [`Beta ${tag}`, 0, `beta-${tag}`],
    ]);
    expect(list.json().meta).toEqual({ page: 1, limit: 20, total: 2 });
    // One institution counts its own offers too (a correlated count once compared with the offer's own id).
    expect((await call(owner, 'GET', `/${alpha._id}`)).json().data.offersCount).toBe(2);
    expect((await call(owner, 'GET', `?search=beta-${tag}`)).json().data.map((i: Institution) => i._id)).toEqual([beta._id]);
    expect((await call(owner, 'GET', `?search=${tag}&type=bank`)).json().data.map((i: Institution) => i._id)).toEqual([alpha._id]);
    const page2 = await call(owner, 'GET', `?search=${tag}&sort=name&direction=asc&limit=1&page=2`);
    expect(page2.json().data.map((i: Institution) => i._id)).toEqual([beta._id]);

    const gpView = await signUp(t.app, 'acme', { role: 'editor' });
    await joinTeam(gpView, beta._id);
    const mine = await call(gpView, 'GET', `?search=${tag}`);
    expect(mine.json().data.map((i: Institution) => [i._id, i.slug, i.isTeamMember])).toEqual([[beta._id, null, true]]);
    // Slugs are searched only for owners.
    expect((await call(gpView, 'GET', `?search=beta-${tag}`)).json().data).toHaveLength(0);
    // The picker: only team institutions — the owner created both, so is on both teams.
    expect((await call(owner, 'GET', `?search=${tag}&isTeamMember=true`)).json().data).toHaveLength(2);
    const outsider = await signUp(t.app, 'acme', { role: 'owner' });
    expect((await call(outsider, 'GET', `?search=${tag}&isTeamMember=true`)).json().data).toHaveLength(0);
    expect((await call(outsider, 'GET', `?search=${tag}`)).json().data).toHaveLength(2);

    const bad = await call(owner, 'GET', '?type=castle');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/type/);
    expect((await call(owner, 'GET', '?limit=1000')).statusCode).toBe(400);
  });
});

describe('POST and slug availability', () => {
  it('creates with type fund by default and a create event; 409 on a slug clash; 400 on bad input', async () => {
    const slug = `clash-${Date.now().toString(36)}`;
    const res = await call(owner, 'POST', '', { name: 'Clash', slug, descriptionShort: 'Short' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Institution;
    expect(res.headers.location).toBe(`/api/v1/tenant/acme/institutions/${created._id}`);
    expect(created).toMatchObject({
      name: 'Clash',
      slug,
      type: 'fund',
      descriptionShort: 'Short',
      offersCount: 0,
      isTeamMember: true,
      images: [],
      videos: [],
    });
    // The creator runs it: on its team as owner, so the Raise picker offers it.
    expect(
      (await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, created._id))).map((r) => [r.userId, r.role]),
    ).toEqual([[owner.user._id, 'owner']]);
    const [event] = await eventsOf(created._id);
    expect(event).toMatchObject({
      type: 'create',
      entityType: 'tenant-institution',
      meta: { change: { name: { old: null, new: 'Clash' }, team: { old: null, new: { email: owner.email, role: 'owner' } } } },
    });

    const clash = await call(owner, 'POST', '', { name: 'Other', slug, descriptionShort: 'x' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toMatch(/slug is already used/);

    const available = await call(owner, 'GET', `/slug-available?slug=${slug}`);
    expect(available.json().data).toEqual({ slug, available: false });
    expect((await call(owner, 'GET', `/slug-available?slug=${slug}&except=${created._id}`)).json().data.available).toBe(true);
    expect((await call(owner, 'GET', `/slug-available?slug=free-${slug}`)).json().data.available).toBe(true);
    expect((await call(owner, 'GET', '/slug-available?slug=Not%20A%20Slug')).statusCode).toBe(400);

    const missing = await call(owner, 'POST', '', { name: '', slug: 'ok-slug', descriptionShort: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/Name is required/);
    const tooLong = await call(owner, 'POST', '', { name: 'Long', slug: `long-${slug}`, descriptionShort: 'x'.repeat(361) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toMatch(/360/);
    expect((await call(owner, 'POST', '', { name: 'Bad', slug: '-bad-', descriptionShort: 'x' })).statusCode).toBe(400);
    expect((await call(owner, 'GET', `?search=long-${slug}`)).json().data).toHaveLength(0);
  });

  it('refuses a clash with different letter case too', async () => {
    const slug = `case-${Date.now().toString(36)}`;
    await create(owner, { slug });
    // Slugs are lowercase by pattern; the stored index is on lower(slug), so a row written otherwise still clashes.
    await t.app.db
      .update(institutions)
      .set({ slug: slug.toUpperCase() })
      .where(and(eq(institutions.tenantId, t.tenants.acme.id), eq(institutions.slug, slug)));
    expect((await call(owner, 'POST', '', { name: 'Again', slug, descriptionShort: 'x' })).statusCode).toBe(409);
  });
});

describe('PUT details, images, videos, contact', () => {
  it('updates details with old and new values, strips XSS from the description, renumbers metrics; slug clash 409', async () => {
    const fund = await create();
    const other = await create();
    const body = {
      name: 'Harbor Fund',
      slug: fund.slug,
      type: 'lender',
      descriptionShort: 'Lending',
      description:
        '<p onclick="steal()">Hello <strong>world</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      customMetrics: [
        { id: 'm2', key: 'AUM', value: '$10M', position: 5, hidden: false },
        { id: 'm1', key: 'Founded', value: '1999', position: 1, hidden: true },
      ],
    };
    const res = await call(owner, 'PUT', `/${fund._id}/details`, body);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Institution;
    expect(data.description).toBe('<p>Hello <strong>world</strong><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
    expect(data.customMetrics.map((m) => [m.id, m.position])).toEqual([
      ['m1', 0],
      ['m2', 1],
    ]);
    const last = (await eventsOf(fund._id)).at(-1)!;
    expect(last).toMatchObject({
      type: 'update',
      meta: { change: { name: { old: fund.name, new: 'Harbor Fund' }, type: { old: 'fund', new: 'lender' } } },
    });
    expect(last.meta.change).not.toHaveProperty('slug');

    const clash = await call(owner, 'PUT', `/${fund._id}/details`, { ...body, slug: other.slug });
    expect(clash.statusCode).toBe(409);
    const renamed = await call(owner, 'PUT', `/${fund._id}/details`, { ...body, slug: `${fund.slug}-new` });
    expect(renamed.json().data.slug).toBe(`${fund.slug}-new`);

    const bad = await call(owner, 'PUT', `/${fund._id}/details`, { ...body, name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Name is required/);
    expect((await rowOf(fund._id))!.name).toBe('Harbor Fund');

    // A GP on the team keeps the slug by leaving it out, and may not change it.
    await joinTeam(gp, fund._id);
    const { slug: _slug, ...withoutSlug } = body;
    expect((await call(gp, 'PUT', `/${fund._id}/details`, { ...withoutSlug, name: 'By GP' })).statusCode).toBe(200);
    const gpSlug = await call(gp, 'PUT', `/${fund._id}/details`, { ...withoutSlug, slug: 'gp-choice' });
    expect(gpSlug.statusCode).toBe(403);
    expect((await rowOf(fund._id))!.slug).toBe(`${fund.slug}-new`);
  });

  it('sets images of this tenant only, fills url and logoUrl; videos and contact', async () => {
    const fund = await create();
    const form = multipart({}, [{ name: 'logo.png', data: PNG }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/image',
      headers: { host: owner.host, ...bearer(owner.token), ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const imageId = upload.json().data._id as string;

    const images = await call(owner, 'PUT', `/${fund._id}/images`, {
      images: [
        { id: 'g', image: imageId, position: 3, hidden: false, purpose: 'gallery' },
        { id: 'l', image: imageId, position: 7, hidden: false, purpose: 'logo' },
      ],
    });
    expect(images.statusCode, images.body).toBe(200);
    // Signed addresses (issue #17): an <img> cannot send the bearer token.
    const signed = expect.stringMatching(new RegExp(`^/api/v1/tenant/${t.tenants.acme.id}/images/${imageId}\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(images.json().data.images.map((i: { id: string; position: number; url: string }) => [i.id, i.position, i.url])).toEqual([
      ['g', 0, signed],
      ['l', 1, signed],
    ]);
    expect(images.json().data.logoUrl).toEqual(signed);
    const listed = await call(owner, 'GET', `?search=${encodeURIComponent(fund.name)}`);
    const logoUrl = (listed.json().data as Institution[]).find((i) => i._id === fund._id)!.logoUrl!;
    expect(logoUrl).toEqual(signed);
    const logo = await t.app.inject({ method: 'GET', url: logoUrl, headers: { host: owner.host } });
    expect(logo.statusCode, logo.body).toBe(200);
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    expect((await eventsOf(fund._id)).at(-1)!.meta.change).toHaveProperty('images');

    const foreign = await call(owner, 'PUT', `/${fund._id}/images`, {
      images: [{ id: 'x', image: someObjectId(), position: 0, hidden: false, purpose: 'logo' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toMatch(/no such image/);
    expect(
      (await call(owner, 'PUT', `/${fund._id}/images`, { images: [{ id: 'x', image: imageId, position: 0, purpose: 'poster' }] }))
        .statusCode,
    ).toBe(400);

    const videos = await call(owner, 'PUT', `/${fund._id}/videos`, {
      videos: [{ id: 'v', url: 'https://example.com/v.mp4', position: 0 }],
    });
    expect(videos.statusCode, videos.body).toBe(200);
    expect(videos.json().data.videos).toEqual([
      { id: 'v', url: 'https://example.com/v.mp4', position: 0, hidden: false, purpose: 'about' },
    ]);
    const badVideo = await call(owner, 'PUT', `/${fund._id}/videos`, { videos: [{ id: 'v', url: 'javascript:alert(1)', position: 0 }] });
    expect(badVideo.statusCode).toBe(400);
    expect(badVideo.json().error.message).toMatch(/video URL/);

    const contact = await call(owner, 'PUT', `/${fund._id}/contact`, {
      contact: { emails: [{ _id: someObjectId(), email: 'ir@fund.example', isPrimary: true }] },
    });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json().data.contact.emails[0]).toMatchObject({ email: 'ir@fund.example', emailType: 'work' });
    expect((await eventsOf(fund._id)).at(-1)).toMatchObject({ type: 'update', message: expect.stringMatching(/contact/) });
  });
});

describe('DELETE tenant/{t}/institutions/{id}', () => {
  it('deletes the institution, its offers and its team, with a delete event', async () => {
    const fund = await create();
    await t.app.db
      .insert(offers)
      .values({ tenantId: t.tenants.acme.id, id: newId(), institutionId: fund._id, name: 'Gone', slug: `gone-${fund._id}` });
    await joinTeam(gp, fund._id);
    const res = await call(owner, 'DELETE', `/${fund._id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await rowOf(fund._id)).toBeUndefined();
    expect(await t.app.db.select().from(offers).where(eq(offers.institutionId, fund._id))).toHaveLength(0);
    expect(await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, fund._id))).toHaveLength(0);
    // The GP and the owner who created it.
    expect((await eventsOf(fund._id)).at(-1)).toMatchObject({
      type: 'delete',
      meta: { delete: { name: fund.name, offers: 1, teamMembers: 2 } },
    });
    expect((await call(owner, 'DELETE', `/${fund._id}`)).statusCode).toBe(404);
  });
});

describe('team', () => {
  it('invites a new address through the outbox as an invited member with institution:manage; the link sets up the account', async () => {
    const fund = await create();
    const { email, member } = await invite(owner, fund._id, { expiresAt: '2031-01-01T00:00:00.000Z' });
    expect(member).toMatchObject({
      institution: fund._id,
      role: 'member',
      status: 'invited',
      expiresAt: '2031-01-01T00:00:00.000Z',
      subject: { email, firstname: 'Grace', lastname: 'Hopper' },
    });
    const { mail, token } = await lastMailTo(t.app, email);
    expect(mail?.subject).toContain(fund.name);
    expect(token).toBeTruthy();
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    const [tenantMember] = await t.app.db
      .select()
      .from(tenantMembers)
      .where(and(eq(tenantMembers.tenantId, t.tenants.acme.id), eq(tenantMembers.userId, user!.id)));
    expect(tenantMember).toMatchObject({ role: 'member', membershipStatus: 'invited' });
    expect(tenantMember!.attributes['institution:manage']).toBe(true);
    expect((await eventsOf(fund._id)).at(-1)).toMatchObject({
      type: 'invite',
      meta: { change: { team: { old: null, new: { email, role: 'member' } } } },
    });

    const team = await call(owner, 'GET', `/${fund._id}/team`);
    expect(team.json().data.map((m: TeamMember) => [m.subject.email, m.status])).toEqual([
      [email, 'invited'],
      [owner.email, 'active'],
    ]);
    expect(team.json().meta).toEqual({ page: 1, limit: 20, total: 2 });

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/invite-accept',
      headers: { host: owner.host },
      payload: { email, password: PASSWORD, firstname: 'Grace', lastname: 'Hopper', acceptDisclosures: true, inviteToken: token },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call(owner, 'GET', `/${fund._id}/team`)).json().data.every((m: TeamMember) => m.status === 'active')).toBe(true);
    // Now on the team: the institution is theirs to work on.
    const signedIn = { ...accepted.json().data, email, password: PASSWORD, host: owner.host } as SignedUp;
    expect((await call(signedIn, 'GET', `/${fund._id}`)).statusCode).toBe(200);
    expect((await call(signedIn, 'GET', '?isTeamMember=true')).json().data.map((i: Institution) => i._id)).toEqual([fund._id]);
  });

  it('adds an existing account at once; the same e-mail may join several institutions; twice on one team is 409', async () => {
    const a = await create();
    const b = await create();
    const person = await signUp(t.app, 'acme');
    const added = await call(owner, 'POST', `/${a._id}/team/invite`, {
      email: person.email,
      firstname: 'P',
      lastname: 'Q',
      role: 'editor',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ status: 'active', role: 'editor' });
    expect((await lastMailTo(t.app, person.email)).mail?.subject).toContain(a.name);
    // The investor got the flag that opens Raise mode, recorded on their membership.
    const [member] = await t.app.db.select().from(tenantMembers).where(eq(tenantMembers.id, person.tenantMember!._id));
    expect(member!.attributes['institution:manage']).toBe(true);
    expect((await call(owner, 'POST', `/${b._id}/team/invite`, { email: person.email, firstname: 'P', lastname: 'Q' })).statusCode).toBe(
      201,
    );
    const twice = await call(owner, 'POST', `/${a._id}/team/invite`, { email: person.email, firstname: 'P', lastname: 'Q' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toMatch(/already on the team/);
  });

  it("invites another tenant's account like a new address: named as typed, unnamed account, until they accept", async () => {
    const fund = await create();
    const outsider = await signUp(t.app, 'globex', { firstname: 'Otto', lastname: 'Outside' });
    const res = await call(owner, 'POST', `/${fund._id}/team/invite`, { email: outsider.email, firstname: 'Typed', lastname: 'Name' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'invited',
      subject: { _id: null, email: outsider.email, firstname: 'Typed', lastname: 'Name' },
    });
    expect(res.body).not.toContain('Otto');
    const { mail, token } = await lastMailTo(t.app, outsider.email);
    expect(mail?.text).toContain('Sign in with your existing account to accept');
    expect(token).toBeTruthy();
    expect((await call(owner, 'POST', `/${fund._id}/team/${res.json().data._id}/resend-invite`)).statusCode).toBe(200);

    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { host: owner.host },
      payload: { email: outsider.email, password: outsider.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const team = (await call(owner, 'GET', `/${fund._id}/team`)).json().data as TeamMember[];
    expect(team.find((m) => m.subject.email === outsider.email)).toMatchObject({
      status: 'active',
      subject: { _id: outsider.user._id, firstname: 'Otto', lastname: 'Outside' },
    });
  });

  it('refuses bad input: invalid e-mail, missing names, unknown role, bad expiry', async () => {
    const fund = await create();
    const badEmail = await call(owner, 'POST', `/${fund._id}/team/invite`, { email: 'nope', firstname: 'A', lastname: 'B' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toMatch(/Enter a valid email address/);
    expect(
      (await call(owner, 'POST', `/${fund._id}/team/invite`, { email: uniqueEmail(), firstname: '', lastname: 'B' })).json().error.message,
    ).toMatch(/First name/);
    expect(
      (await call(owner, 'POST', `/${fund._id}/team/invite`, { email: uniqueEmail(), firstname: 'A', lastname: 'B', role: 'investor' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(owner, 'POST', `/${fund._id}/team/invite`, { email: uniqueEmail(), firstname: 'A', lastname: 'B', expiresAt: 'soon' }))
        .statusCode,
    ).toBe(400);
    // Only the creator is on it: nothing was added.
    expect((await call(owner, 'GET', `/${fund._id}/team`)).json().data).toHaveLength(1);
  });

  it('resends only while invited, changes roles and removes, each with an event; a GP on the team may manage it', async () => {
    const fund = await create();
    await joinTeam(gp, fund._id, 'member');
    const { email, member } = await invite(gp, fund._id);
    const first = await lastMailTo(t.app, email);
    const resent = await call(gp, 'POST', `/${fund._id}/team/${member._id}/resend-invite`);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await lastMailTo(t.app, email);
    expect(second.token).not.toBe(first.token);
    expect((await eventsOf(fund._id)).at(-1)).toMatchObject({ type: 'invite', message: expect.stringMatching(/resent/) });

    const role = await call(gp, 'PUT', `/${fund._id}/team/${member._id}/role`, { role: 'viewer' });
    expect(role.statusCode, role.body).toBe(200);
    expect(role.json().data.role).toBe('viewer');
    expect((await eventsOf(fund._id)).at(-1)).toMatchObject({
      type: 'access',
      meta: { change: { [`team.${email}.role`]: { old: 'member', new: 'viewer' } } },
    });
    expect((await call(gp, 'PUT', `/${fund._id}/team/${member._id}/role`, { role: 'boss' })).statusCode).toBe(400);

    // An active account has no invitation to resend.
    const active = await signUp(t.app, 'acme');
    const addedActive = await call(owner, 'POST', `/${fund._id}/team/invite`, { email: active.email, firstname: 'A', lastname: 'B' });
    const noResend = await call(owner, 'POST', `/${fund._id}/team/${addedActive.json().data._id}/resend-invite`);
    expect(noResend.statusCode).toBe(400);
    expect(noResend.json().error.message).toMatch(/already accepted/);

    const removed = await call(gp, 'DELETE', `/${fund._id}/team/${member._id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await eventsOf(fund._id)).at(-1)).toMatchObject({ type: 'delete', meta: { delete: { email, role: 'viewer' } } });
    expect((await call(gp, 'DELETE', `/${fund._id}/team/${member._id}`)).statusCode).toBe(404);
    // A team row of another institution is unknown here.
    const other = await create();
    const elsewhere = await invite(owner, other._id);
    expect((await call(owner, 'PUT', `/${fund._id}/team/${elsewhere.member._id}/role`, { role: 'owner' })).statusCode).toBe(404);
  });

  it("only the team's owners (and tenant owners) grant, change or remove the owner role; members and editors get 403, writing nothing", async () => {
    const fund = await create();
    // Issue #23: more team seats than a trial allows.
    await givePlan(t.app, t.tenants.acme.id, fund._id);
    const ownerRow = (await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, fund._id)))[0]!;
    const [teamMember, teamEditor] = [await signUp(t.app, 'acme', { role: 'editor' }), await signUp(t.app, 'acme', { role: 'editor' })];
    await joinTeam(teamMember, fund._id, 'member');
    await joinTeam(teamEditor, fund._id, 'editor');
    const { member: invited } = await invite(owner, fund._id);
    // An investor of the tenant: inviting them would give them institution:manage.
    const outsider = await signUp(t.app, 'acme');
    const state = async () =>
      JSON.stringify({
        team: await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, fund._id)).orderBy(roleAssignments.id),
        outsider: await t.app.db.select().from(tenantMembers).where(eq(tenantMembers.id, outsider.tenantMember!._id)),
        users: (await t.app.db.select({ id: users.id }).from(users)).length,
        events: (await t.app.db.select({ id: timelineEvents.id }).from(timelineEvents)).length,
      });
    const before = await state();
    for (const gpOnTeam of [teamMember, teamEditor]) {
      const asOwner = await call(gpOnTeam, 'POST', `/${fund._id}/team/invite`, {
        email: outsider.email,
        firstname: 'O',
        lastname: 'U',
        role: 'owner',
      });
      expect(asOwner.statusCode).toBe(403);
      expect(asOwner.json().error.message).toBe(
        "Only the owners of the institution's team (or the organization owners) can make someone an owner, or change or remove an owner",
      );
      expect(
        (await call(gpOnTeam, 'POST', `/${fund._id}/team/invite`, { email: uniqueEmail(), firstname: 'N', lastname: 'U', role: 'owner' }))
          .statusCode,
      ).toBe(403);
      expect((await call(gpOnTeam, 'PUT', `/${fund._id}/team/${invited._id}/role`, { role: 'owner' })).statusCode).toBe(403);
      const self = (
        await t.app.db
          .select()
          .from(roleAssignments)
          .where(and(eq(roleAssignments.entityId, fund._id), eq(roleAssignments.userId, gpOnTeam.user._id)))
      )[0]!;
      expect((await call(gpOnTeam, 'PUT', `/${fund._id}/team/${self.id}/role`, { role: 'owner' })).statusCode).toBe(403);
      expect((await call(gpOnTeam, 'PUT', `/${fund._id}/team/${ownerRow.id}/role`, { role: 'viewer' })).statusCode).toBe(403);
      expect((await call(gpOnTeam, 'DELETE', `/${fund._id}/team/${ownerRow.id}`)).statusCode).toBe(403);
    }
    expect(await state()).toBe(before);

    // A GP who is an owner of the team may.
    const teamOwner = await signUp(t.app, 'acme', { role: 'editor' });
    await joinTeam(teamOwner, fund._id, 'owner');
    const promoted = await call(teamOwner, 'PUT', `/${fund._id}/team/${invited._id}/role`, { role: 'owner' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data.role).toBe('owner');
    const added = await call(teamOwner, 'POST', `/${fund._id}/team/invite`, {
      email: uniqueEmail(),
      firstname: 'A',
      lastname: 'B',
      role: 'owner',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await call(teamOwner, 'DELETE', `/${fund._id}/team/${added.json().data._id}`)).statusCode).toBe(204);
  });

  it("the team's last unexpired owner can be neither demoted nor removed (409)", async () => {
    const fund = await create();
    const [ownerRow] = await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, fund._id));
    // An owner whose membership expired does not keep the team owned.
    const lapsed = await signUp(t.app, 'acme', { role: 'editor' });
    await t.app.db.insert(roleAssignments).values({
      tenantId: t.tenants.acme.id,
      id: newId(),
      userId: lapsed.user._id,
      entityType: 'institution',
      entityId: fund._id,
      role: 'owner',
      expiresAt: new Date(Date.now() - 1000),
    });
    const team = async () =>
      JSON.stringify(
        await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, fund._id)).orderBy(roleAssignments.id),
      );
    const before = { team: await team(), events: (await eventsOf(fund._id)).length };
    for (const who of [owner, admin]) {
      const demoted = await call(who, 'PUT', `/${fund._id}/team/${ownerRow!.id}/role`, { role: 'editor' });
      expect(demoted.statusCode).toBe(409);
      expect(demoted.json().error.message).toBe('The team must keep at least one owner: make someone else owner first');
      const removed = await call(who, 'DELETE', `/${fund._id}/team/${ownerRow!.id}`);
      expect(removed.statusCode).toBe(409);
      expect(removed.json().error.message).toBe('The team must keep at least one owner: make someone else owner first');
    }
    expect({ team: await team(), events: (await eventsOf(fund._id)).length }).toEqual(before);

    // With a second owner, the first may step down, and the second is then the last.
    const { member: second } = await invite(owner, fund._id, { role: 'owner' });
    const stepDown = await call(owner, 'PUT', `/${fund._id}/team/${ownerRow!.id}/role`, { role: 'editor' });
    expect(stepDown.statusCode, stepDown.body).toBe(200);
    expect((await call(owner, 'DELETE', `/${fund._id}/team/${second._id}`)).statusCode).toBe(409);
    expect((await call(owner, 'PUT', `/${fund._id}/team/${second._id}/role`, { role: 'viewer' })).statusCode).toBe(409);
    // Owner to owner changes nothing and is allowed.
    expect((await call(owner, 'PUT', `/${fund._id}/team/${second._id}/role`, { role: 'owner' })).statusCode).toBe(200);
  });

  it('viewers cannot invite, resend, change roles or remove, and nothing is written', async () => {
    const fund = await create();
    const viewer = await signUp(t.app, 'acme', { role: 'editor' });
    await joinTeam(viewer, fund._id, 'viewer');
    const { member } = await invite(owner, fund._id);
    const team = async () =>
      JSON.stringify(
        await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, fund._id)).orderBy(roleAssignments.id),
      );
    const before = {
      team: await team(),
      events: (await eventsOf(fund._id)).length,
      users: (await t.app.db.select({ id: users.id }).from(users)).length,
    };
    for (const role of ['member', 'owner']) {
      const res = await call(viewer, 'POST', `/${fund._id}/team/invite`, { email: uniqueEmail(), firstname: 'A', lastname: 'B', role });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('Viewers of an institution can look but not change it');
    }
    expect((await call(viewer, 'POST', `/${fund._id}/team/${member._id}/resend-invite`)).statusCode).toBe(403);
    expect((await call(viewer, 'PUT', `/${fund._id}/team/${member._id}/role`, { role: 'editor' })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/${fund._id}/team/${member._id}`)).statusCode).toBe(403);
    expect({
      team: await team(),
      events: (await eventsOf(fund._id)).length,
      users: (await t.app.db.select({ id: users.id }).from(users)).length,
    }).toEqual(before);
  });

  it('shows the history of the institution with team changes', async () => {
    const fund = await create();
    await invite(owner, fund._id);
    const events = await call(owner, 'GET', `/${fund._id}/events?sort=createdAt&direction=asc`);
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().data.map((e: TimelineEvent) => e.type)).toEqual(['create', 'invite']);
    expect((await call(owner, 'GET', `/${fund._id}/events?sort=nope`)).statusCode).toBe(400);
  });
});
