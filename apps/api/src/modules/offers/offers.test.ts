import { RAISE_MODE_REFUSED, type Offer, type OfferDocument, type OfferSummary, type TimelineEvent } from '@tessera/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { institutions, offers, roleAssignments, timelineEvents } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS, seed, seedRaiseDemo } from '../../db/seed.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { givePlan } from '../../../test/billing.ts';
import { bearer, insertInstitution, joinInstitutionTeam, type SignedUp, signUp, someObjectId } from '../../../test/factories.ts';
import { PNG, uploadDocument, uploadImage as uploadImageAs } from '../documents/documents.test-helpers.ts';

let t: TestApp;
let owner: SignedUp;
let gp: SignedUp;
let gpOther: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let fund: string;
let other: string;
let foreign: string;

const createInstitution = (tenantId: string, name: string) => insertInstitution(t.app, tenantId, name);
const joinTeam = (who: SignedUp, institutionId: string, expiresAt: Date | null = null) =>
  joinInstitutionTeam(t.app, t.tenants.acme.id, who.user._id, institutionId, expiresAt);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'acme', { role: 'owner', firstname: 'Olga', lastname: 'Owner' });
  // Editors carry institution:manage by default: GPs.
  gp = await signUp(t.app, 'acme', { role: 'editor', firstname: 'Gail', lastname: 'Partner' });
  gpOther = await signUp(t.app, 'acme', { role: 'editor' });
  investor = await signUp(t.app, 'acme');
  stranger = await signUp(t.app, 'globex', { role: 'owner' });
  fund = await createInstitution(t.tenants.acme.id, 'Harbor Fund');
  other = await createInstitution(t.tenants.acme.id, 'Other Bank');
  foreign = await createInstitution(t.tenants.globex.id, 'Globex Lender');
  // Issue #23: more offers than a trial allows.
  for (const [tenantId, id] of [
    [t.tenants.acme.id, fund],
    [t.tenants.acme.id, other],
    [t.tenants.globex.id, foreign],
  ] as const)
    await givePlan(t.app, tenantId, id!);
  await joinTeam(gp, fund);
  await joinTeam(gpOther, other);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
/** The caller's own tenant unless named: every account here belongs to acme or globex. */
const tenantOf = (who: SignedUp) => (who.host === hostOf('globex') ? t.tenants.globex.id : t.tenants.acme.id);
const call = (who: SignedUp, method: Method, path: string, payload?: object, tenant = tenantOf(who)) =>
  t.app.inject({
    method,
    url: `/api/v1/tenant/${tenant}/offers${path}`,
    headers: { host: who.host, ...bearer(who.token) },
    ...(payload ? { payload } : {}),
  });
const lastEvent = async (id: string) =>
  (await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, id)).orderBy(desc(timelineEvents.createdAt)).limit(1))[0];
const eventCount = async (id: string) => (await t.app.db.select().from(timelineEvents).where(eq(timelineEvents.entity, id))).length;
/** The offer's row, how many offers there are and every timeline event of every tenant: what a refused call must leave alone. */
const written = async (id: string) =>
  JSON.stringify({
    offer: await t.app.db.select().from(offers).where(eq(offers.id, id)),
    offers: (await t.app.db.select({ id: offers.id }).from(offers)).length,
    events: (await t.app.db.select({ id: timelineEvents.id }).from(timelineEvents)).length,
  });
/** Runs a call that must be refused and checks that it wrote nothing. */
async function refused(id: string, run: () => ReturnType<typeof call>) {
  const before = await written(id);
  const res = await run();
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(await written(id)).toBe(before);
  return res;
}

let sequence = 0;
async function create(who: SignedUp = owner, extra: { name?: string; slug?: string; institution?: string } = {}): Promise<Offer> {
  const n = ++sequence;
  const res = await call(who, 'POST', '', {
    name: `Offer ${n}`,
    slug: `offer-${n}-${Date.now().toString(36)}`,
    institution: fund,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Offer;
}
async function uploadOfferDocument(who: SignedUp, type: string, entityType = 'OFFER'): Promise<string> {
  const res = await uploadDocument(t.app, who, { fields: { name: `${type} file`, type, entityType } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}
const uploadImage = (who: SignedUp) => uploadImageAs(t.app, who);

const details = (slug: string, extra: object = {}) => ({
  name: 'Harbor Point Apartments',
  slug,
  type: 'value-add',
  assetClass: 'multi-family',
  equityType: 'common-equity',
  description: '<p>A <strong>value-add</strong> play</p>',
  descriptionShort: 'Class B apartments',
  fedExemptionExclusions: ['rule-506-c'],
  ...extra,
});
const aClass = (extra: object = {}) => ({
  id: 'a',
  name: 'Class A',
  minimumInvestment: 50_000,
  internalRateOfReturn: 14,
  holdingPeriod: 60,
  ...extra,
});

/** Every call on one offer, each with a valid body, so that only access can refuse it. */
const OFFER_ROUTES: [Method, string, object?][] = [
  ['GET', ''],
  ['GET', '/events'],
  ['GET', '/documents'],
  ['GET', '/dashboard'],
  ['DELETE', ''],
  ['PUT', '/details', details('taken-over')],
  ['PUT', '/financials', { classes: [aClass()], customMetrics: [], capitalRaiseMin: 1, capitalRaiseMax: 2, capitalRaiseTotal: 3 }],
  ['PUT', '/cta', { primaryCTA: { label: 'Invest', url: 'https://example.com/invest' }, secondaryCTA: null }],
  ['PUT', '/images', { images: [] }],
  ['PUT', '/videos', { videos: [{ id: 'v', url: 'https://video.example/1', position: 0 }] }],
  ['PUT', '/documents', { documents: [] }],
  ['PUT', '/status', { openDate: '2030-01-01T00:00:00.000Z', closeDate: null }],
  ['PUT', '/publishing', { published: true }],
  ['PUT', '/approval', { approvalStatus: 'approved' }],
  ['PUT', '/config', { esignTemplateId: 'taken-over' }],
  ['PUT', '/marketplace-config', { visibilityStatus: 'visible' }],
];
/** GET tenant/{t}/institutions/{id}/offers, named by the tenant's id. */
const institutionOffers = (who: SignedUp, institutionId: string, tenant = tenantOf(who)) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/tenant/${tenant}/institutions/${institutionId}/offers`,
    headers: { host: who.host, ...bearer(who.token) },
  });

/** The published description of an operation, whose access line must say what the handler enforces. */
async function publishedDescription(method: string, path: string): Promise<string> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  return doc.paths[path][method].description as string;
}

describe('access', () => {
  it('every offer read says Raise mode in its access line, refuses an investor 403 and answers an owner and a GP 200', async () => {
    const mine = await create(gp);
    const reads: [string, string][] = [
      ['', '/tenant/{t}/offers'],
      ['/slug-available?slug=anything-free', '/tenant/{t}/offers/slug-available'],
      [`/${mine._id}`, '/tenant/{t}/offers/{id}'],
      [`/${mine._id}/events`, '/tenant/{t}/offers/{id}/events'],
      [`/${mine._id}/documents`, '/tenant/{t}/offers/{id}/documents'],
      [`/${mine._id}/dashboard`, '/tenant/{t}/offers/{id}/dashboard'],
    ];
    for (const [path, documented] of reads) {
      expect(await publishedDescription('get', documented), documented).toContain(`Raise mode only`);
      const refused = await call(investor, 'GET', path);
      expect(refused.statusCode, `investor GET ${documented}`).toBe(403);
      expect(refused.json().error.message).toBe(RAISE_MODE_REFUSED);
      for (const who of [owner, gp]) expect((await call(who, 'GET', path)).statusCode, `GET ${documented}`).toBe(200);
    }
    expect(await publishedDescription('get', '/tenant/{t}/institutions/{id}/offers')).toContain('Raise mode only');
    expect((await institutionOffers(investor, fund)).json().error.message).toBe(RAISE_MODE_REFUSED);
    expect((await institutionOffers(owner, fund)).statusCode).toBe(200);
    expect((await institutionOffers(gp, fund)).statusCode).toBe(200);
    // The owner-only changes say so too.
    for (const part of ['approval', 'marketplace-config'])
      expect(await publishedDescription('put', `/tenant/{t}/offers/{id}/${part}`)).toContain("Only the tenant's owners");
  });

  it('investors get 403 with the Raise text; another tenant, a wrong {t} or an unknown id get 404; no token 401', async () => {
    const mine = await create();
    const list = await call(investor, 'GET', '');
    expect(list.statusCode).toBe(403);
    expect(list.json().error.message).toBe(RAISE_MODE_REFUSED);
    expect((await call(investor, 'GET', `/${mine._id}`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', '', undefined, 'acme')).statusCode).toBe(200);
    expect((await call(owner, 'GET', '', undefined, t.tenants.globex.id)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/${someObjectId()}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/tenant/${t.tenants.acme.id}/offers`, headers: { host: owner.host } })).statusCode,
    ).toBe(401);
  });

  it("every call on another tenant's offer is 404 to an owner of this tenant and changes nothing", async () => {
    const theirs = await create(stranger, { institution: foreign });
    const before = await written(theirs._id);
    for (const [method, path, body] of OFFER_ROUTES) {
      // Naming acme from acme's address, the globex offer id is unknown.
      expect((await call(owner, method, `/${theirs._id}${path}`, body, t.tenants.acme.id)).statusCode, `${method} ${path}`).toBe(404);
    }
    // And naming globex's id from acme's address is not this tenant.
    expect((await call(owner, 'GET', `/${theirs._id}`, undefined, t.tenants.globex.id)).statusCode).toBe(404);
    expect((await institutionOffers(owner, foreign)).statusCode).toBe(404);
    expect((await call(owner, 'POST', '', { name: 'Hijack', slug: `hijack-${Date.now()}`, institution: foreign })).statusCode).toBe(404);
    expect(await written(theirs._id)).toBe(before);
    expect((await call(owner, 'GET', `?search=${theirs.slug}`)).json().meta.total).toBe(0);
  });

  it("every offer route: a GP of another institution 404, a team viewer 403 on every write, another tenant's owner 404; nothing is written", async () => {
    const offer = await create();
    const viewer = await signUp(t.app, 'acme', { role: 'editor' });
    await t.app.db.insert(roleAssignments).values({
      tenantId: t.tenants.acme.id,
      id: newId(),
      userId: viewer.user._id,
      entityType: 'institution',
      entityId: fund,
      role: 'viewer',
    });
    const before = await written(offer._id);
    for (const [method, path, body] of OFFER_ROUTES) {
      const url = `/${offer._id}${path}`;
      expect((await call(gpOther, method, url, body)).statusCode, `GP of another institution: ${method} ${path}`).toBe(404);
      // globex's owner on globex's address naming globex: acme's offer is not there.
      expect((await call(stranger, method, url, body)).statusCode, `another tenant's owner: ${method} ${path}`).toBe(404);
      if (method !== 'GET') {
        const res = await call(viewer, method, url, body);
        expect(res.statusCode, `viewer: ${method} ${path}`).toBe(403);
        expect(res.json().error.message).toBe('Viewers of an institution can look at its offers but not change them');
      }
    }
    // The collection routes: creating for the institution, its offer list, the tenant's list.
    const createBody = { name: 'Sneaky', slug: `sneaky-${Date.now().toString(36)}`, institution: fund };
    expect((await call(gpOther, 'POST', '', createBody)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', '', createBody)).statusCode).toBe(404);
    expect((await call(viewer, 'POST', '', createBody)).statusCode).toBe(403);
    expect((await institutionOffers(gpOther, fund)).statusCode).toBe(404);
    expect((await institutionOffers(stranger, fund)).statusCode).toBe(404);
    expect((await call(gpOther, 'GET', `?search=${offer.slug}`)).json().meta.total).toBe(0);
    expect((await call(stranger, 'GET', `?search=${offer.slug}`)).json().meta.total).toBe(0);
    expect((await call(gpOther, 'GET', '/slug-available?slug=anything')).statusCode).toBe(200);
    expect(await written(offer._id)).toBe(before);
    // The same calls by the team's GP go through, so the refusals above are about access, not the bodies.
    expect((await call(gp, 'PUT', `/${offer._id}/config`, { esignTemplateId: 'by-the-team' })).statusCode).toBe(200);
  });

  it("the team's viewers read offers but every change is 403", async () => {
    const viewer = await signUp(t.app, 'acme', { role: 'editor' });
    await t.app.db.insert(roleAssignments).values({
      tenantId: t.tenants.acme.id,
      id: newId(),
      userId: viewer.user._id,
      entityType: 'institution',
      entityId: fund,
      role: 'viewer',
    });
    const offer = await create();
    expect((await call(viewer, 'GET', `/${offer._id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'GET', `/${offer._id}/events`)).statusCode).toBe(200);
    const put = await call(viewer, 'PUT', `/${offer._id}/config`, { esignTemplateId: 'x' });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe('Viewers of an institution can look at its offers but not change them');
    expect((await call(viewer, 'DELETE', `/${offer._id}`)).statusCode).toBe(403);
    expect((await call(viewer, 'POST', '', { name: 'V', slug: `v-${Date.now()}`, institution: fund })).statusCode).toBe(403);
    expect(await eventCount(offer._id)).toBe(1);
  });

  it('an expired team membership no longer gives access', async () => {
    const late = await signUp(t.app, 'acme', { role: 'editor' });
    await joinTeam(late, fund, new Date(Date.now() - 1000));
    const offer = await create();
    expect((await call(late, 'GET', `/${offer._id}`)).statusCode).toBe(404);
    expect((await call(late, 'GET', '')).json().meta.total).toBe(0);
  });
});

describe('POST and GET tenant/{t}/offers', () => {
  it('creates a pending, unpublished, hidden offer and records the event', async () => {
    const res = await call(gp, 'POST', '', { name: 'Harbor Point', slug: 'harbor-point', institution: fund });
    expect(res.statusCode, res.body).toBe(201);
    const offer = res.json().data as Offer;
    expect(res.headers.location).toBe(`/api/v1/tenant/${t.tenants.acme.id}/offers/${offer._id}`);
    expect(offer).toMatchObject({
      name: 'Harbor Point',
      slug: 'harbor-point',
      approvalStatus: 'pending',
      published: false,
      listingStatus: 'none',
      marketplaceConfig: { visibilityStatus: 'hidden', visibilityStatusUpdatedAt: null, visibilityStatusUpdatedBy: null },
      institution: { _id: fund, name: 'Harbor Fund', logoUrl: null },
      classes: [],
      documents: [],
    });
    expect(await lastEvent(offer._id)).toMatchObject({
      type: 'create',
      entityType: 'tenant-offer',
      userId: gp.user._id,
      meta: {
        change: {
          name: { old: null, new: 'Harbor Point' },
          slug: { old: null, new: 'harbor-point' },
          institution: { old: null, new: fund },
        },
      },
      refs: [{ entity: fund, entityType: 'tenant-institution' }],
    });
    expect((await call(gp, 'GET', `/${offer._id}`)).json().data).toEqual(offer);
  });

  it('refuses a slug taken in any case with 409, and bad input with 400, creating nothing', async () => {
    await create(owner, { slug: 'taken-slug' });
    const before = (await call(owner, 'GET', '')).json().meta.total;
    const taken = await call(owner, 'POST', '', { name: 'X', slug: 'taken-slug', institution: fund });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("An offer with the slug 'taken-slug' already exists");
    // The unique index ignores case too: an upper-case row written directly still blocks the lower-case slug.
    await t.app.db
      .insert(offers)
      .values({ tenantId: t.tenants.acme.id, id: newId(), institutionId: fund, name: 'Upper', slug: 'Upper-Case' });
    expect((await call(owner, 'POST', '', { name: 'X', slug: 'upper-case', institution: fund })).statusCode).toBe(409);
    expect((await call(owner, 'GET', '/slug-available?slug=upper-case')).json().data).toEqual({ slug: 'upper-case', available: false });
    expect((await call(owner, 'GET', '/slug-available?slug=free-slug-here')).json().data).toEqual({
      slug: 'free-slug-here',
      available: true,
    });
    // The same slug in another tenant is fine.
    expect((await call(stranger, 'POST', '', { name: 'X', slug: 'taken-slug', institution: foreign })).statusCode).toBe(201);

    const badSlug = await call(owner, 'POST', '', { name: 'X', slug: 'Bad Slug!', institution: fund });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().error.message).toMatch(/slug/);
    const noName = await call(owner, 'POST', '', { name: ' ', slug: 'ok-slug', institution: fund });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toMatch(/Name is required/);
    expect((await call(owner, 'POST', '', { name: 'X', slug: 'ok-slug', institution: 'nope' })).statusCode).toBe(400);
    expect((await call(owner, 'POST', '', { name: 'X', slug: 'ok-slug', institution: someObjectId() })).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/slug-available?slug=')).statusCode).toBe(400);
    expect((await call(owner, 'GET', '')).json().meta.total).toBe(before + 1);
  });

  it('lists: owners all, GPs their teams; search over name and slug, filters, derived status, sort and pagination', async () => {
    const tag = Date.now().toString(36);
    const now = Date.now();
    const day = 86_400_000;
    const a = await create(owner, { name: `Alpha ${tag}`, slug: `alpha-${tag}` });
    const b = await create(owner, { name: `Bravo ${tag}`, slug: `bravo-${tag}`, institution: other });
    const c = await create(owner, { name: `Charlie`, slug: `charlie-zz${tag}` });
    await call(owner, 'PUT', `/${a._id}/status`, { openDate: new Date(now - day).toISOString(), closeDate: null });
    await call(owner, 'PUT', `/${b._id}/status`, { openDate: new Date(now + day).toISOString(), closeDate: null });
    await call(owner, 'PUT', `/${c._id}/status`, {
      openDate: new Date(now - 2 * day).toISOString(),
      closeDate: new Date(now - day).toISOString(),
    });
    await call(owner, 'PUT', `/${a._id}/financials`, {
      classes: [aClass(), aClass({ id: 'b', name: 'Class B', minimumInvestment: 25_000, internalRateOfReturn: 18 })],
      customMetrics: [],
    });

    const all = await call(owner, 'GET', `?search=${tag.toUpperCase()}&sort=name&direction=asc`);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data as OfferSummary[];
    expect(rows.map((r) => r.name)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, 'Charlie']);
    expect(rows.map((r) => r.listingStatus)).toEqual(['open', 'upcoming', 'closed']);
    expect(rows[0]).toMatchObject({
      minimumInvestment: 25_000,
      targetIrr: 18,
      institution: { name: 'Harbor Fund' },
      visibilityStatus: 'hidden',
      heroImageUrl: null,
    });
    expect(all.json().meta).toEqual({ page: 1, limit: 20, total: 3 });

    const gpRows = (await call(gp, 'GET', `?search=${tag}`)).json().data as OfferSummary[];
    expect(gpRows.map((r) => r.name).sort()).toEqual([`Alpha ${tag}`, 'Charlie']);
    const status = async (s: string) =>
      ((await call(owner, 'GET', `?search=${tag}&status=${s}`)).json().data as OfferSummary[]).map((r) => r.name);
    expect(await status('open')).toEqual([`Alpha ${tag}`]);
    expect(await status('upcoming')).toEqual([`Bravo ${tag}`]);
    expect(await status('closed')).toEqual(['Charlie']);
    expect(await status('none')).toEqual([]);
    expect((await call(owner, 'GET', `?search=${tag}&institution=${other}`)).json().data.map((r: OfferSummary) => r.name)).toEqual([
      `Bravo ${tag}`,
    ]);
    expect((await call(owner, 'GET', `?search=${tag}&approvalStatus=approved`)).json().meta.total).toBe(0);
    const page2 = await call(owner, 'GET', `?search=${tag}&sort=name&direction=asc&limit=1&page=2`);
    expect(page2.json().data.map((r: OfferSummary) => r.name)).toEqual([`Bravo ${tag}`]);
    expect(page2.json().meta).toEqual({ page: 2, limit: 1, total: 3 });
    // LIKE wildcards are literal.
    expect((await call(owner, 'GET', '?search=%25')).json().meta.total).toBe(0);

    const bad = await call(owner, 'GET', '?status=soon');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/status/);
    expect((await call(owner, 'GET', '?limit=1000')).statusCode).toBe(400);
  });

  it("GET tenant/{t}/institutions/{id}/offers lists one institution's offers to those who work on it", async () => {
    const tag = Date.now().toString(36);
    await create(owner, { name: `Inst ${tag}`, slug: `inst-${tag}`, institution: other });
    const url = (id: string, q = '') => `/api/v1/tenant/${t.tenants.acme.id}/institutions/${id}/offers${q}`;
    const get = (who: SignedUp, id: string, q = '') =>
      t.app.inject({ method: 'GET', url: url(id, q), headers: { host: who.host, ...bearer(who.token) } });
    const res = await get(gpOther, other, `?search=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: OfferSummary) => r.name)).toEqual([`Inst ${tag}`]);
    expect((await get(gpOther, other)).json().data.every((r: OfferSummary) => r.institution._id === other)).toBe(true);
    expect((await get(gp, other)).statusCode).toBe(404);
    expect((await get(owner, foreign)).statusCode).toBe(404);
    expect((await get(investor, other)).statusCode).toBe(403);
    expect((await get(owner, other, '?type=nope')).statusCode).toBe(400);
  });
});

describe('PUT tenant/{t}/offers/{id}/…', () => {
  it('updates the details, sanitising the description, with old and new values in the timeline', async () => {
    const offer = await create(gp);
    const res = await call(
      gp,
      'PUT',
      `/${offer._id}/details`,
      details(offer.slug, { description: '<p>Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Harbor Point Apartments',
      assetClass: 'multi-family',
      description: '<p>Hi</p>',
      fedExemptionExclusions: ['rule-506-c'],
    });
    expect(await lastEvent(offer._id)).toMatchObject({
      type: 'update',
      message: `Gail Partner updated the details of ${offer.name}`,
      meta: { change: { name: { old: offer.name, new: 'Harbor Point Apartments' }, description: { old: null, new: '<p>Hi</p>' } } },
    });
    // The same body again changes nothing and records nothing.
    const count = await eventCount(offer._id);
    expect((await call(gp, 'PUT', `/${offer._id}/details`, details(offer.slug, { description: '<p>Hi</p>' }))).statusCode).toBe(200);
    expect(await eventCount(offer._id)).toBe(count);
  });

  it('stores every block the rich-text editor produces, and saving it unchanged records nothing', async () => {
    const offer = await create(gp);
    const editorHtml =
      '<h2>The plan</h2><p>Build 180 homes</p><p>Phase one<br>Phase two</p><ul><li><p>Solar</p></li></ul>' +
      '<ol><li><p>Close</p></li></ol><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> ' +
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/plan">plan</a></p>';
    const stored =
      '<h2>The plan</h2><p>Build 180 homes</p><p>Phase one<br />Phase two</p><ul><li><p>Solar</p></li></ul>' +
      '<ol><li><p>Close</p></li></ol><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> ' +
      '<a href="https://example.com/plan" target="_blank" rel="noopener noreferrer nofollow">plan</a></p>';
    const res = await call(gp, 'PUT', `/${offer._id}/details`, details(offer.slug, { description: editorHtml }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.description).toBe(stored);
    const count = await eventCount(offer._id);
    expect((await call(gp, 'PUT', `/${offer._id}/details`, details(offer.slug, { description: editorHtml }))).statusCode).toBe(200);
    expect(await eventCount(offer._id)).toBe(count);
  });

  it('leaves nothing executable of the XSS corpus (lib/sanitize.test.ts) through PUT details', async () => {
    const offer = await create();
    const vectors = [
      '<script>alert(1)</script>',
      '<IMG SRC="javascript:alert(\'XSS\');">',
      '<img src=x onerror=alert(1)>',
      '<svg/onload=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<a href="//evil.example">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<div style="background:url(javascript:alert(1))">x</div>',
      '<p onclick="alert(1)">x</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<<script>alert(1)//<</script>',
      '<object data="javascript:alert(1)"></object>',
      '<form action="javascript:alert(1)"><input type=submit></form>',
      '<details open ontoggle=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<base href="javascript:alert(1)//">',
      '<template><script>alert(1)</script></template>',
    ];
    for (const vector of vectors) {
      const res = await call(owner, 'PUT', `/${offer._id}/details`, details(offer.slug, { description: `<p>ok</p>${vector}` }));
      expect(res.statusCode, vector).toBe(200);
      const out = (res.json().data as Offer).description ?? '';
      expect(out, vector).not.toMatch(/<\s*(script|iframe|object|embed|form|style|meta|base|svg|math|img|body|details|template|noscript)/i);
      expect(out, vector).not.toMatch(/\son\w+\s*=/i);
      expect(out, vector).not.toMatch(/javascript:|data:text/i);
      expect(out, vector).not.toMatch(/href="\/\//);
    }
  });

  it('refuses bad details with 400 (asset class required, bad enum, long text) and a taken slug with 409, changing nothing', async () => {
    const offer = await create();
    const taken = await create();
    const noAsset = await call(owner, 'PUT', `/${offer._id}/details`, { ...details(offer.slug), assetClass: undefined });
    expect(noAsset.statusCode).toBe(400);
    expect(noAsset.json().error.message).toMatch(/assetClass/);
    expect((await call(owner, 'PUT', `/${offer._id}/details`, details(offer.slug, { type: 'moonshot' }))).statusCode).toBe(400);
    expect(
      (await call(owner, 'PUT', `/${offer._id}/details`, details(offer.slug, { descriptionShort: 'x'.repeat(2001) }))).statusCode,
    ).toBe(400);
    const clash = await call(owner, 'PUT', `/${offer._id}/details`, details(taken.slug.toUpperCase().toLowerCase()));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(`An offer with the slug '${taken.slug}' already exists`);
    expect((await call(owner, 'GET', `/${offer._id}`)).json().data).toMatchObject({ name: offer.name, slug: offer.slug, assetClass: null });
    expect(await eventCount(offer._id)).toBe(1);
  });

  it('updates financials, CTA, videos, config and dates', async () => {
    const offer = await create(gp);
    const fin = await call(gp, 'PUT', `/${offer._id}/financials`, {
      classes: [aClass()],
      customMetrics: [{ id: 'm', key: 'Units', value: '120', position: 0 }],
      capitalRaiseMin: 1e6,
      capitalRaiseMax: 5e6,
      capitalRaiseTotal: 2e5,
    });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data).toMatchObject({
      classes: [{ name: 'Class A', minimumInvestment: 50_000, maximumInvestment: null }],
      capitalRaiseMax: 5e6,
    });
    expect((await lastEvent(offer._id))?.meta).toMatchObject({ change: { capitalRaiseMin: { old: null, new: 1e6 } } });
    const noMin = await refused(offer._id, () =>
      call(gp, 'PUT', `/${offer._id}/financials`, { classes: [{ id: 'a', name: 'A' }], customMetrics: [] }),
    );
    expect(noMin.statusCode).toBe(400);
    expect(noMin.json().error.message).toMatch(/Minimum investment is required/);
    expect(
      (
        await refused(offer._id, () =>
          call(gp, 'PUT', `/${offer._id}/financials`, { classes: [aClass({ minimumInvestment: -5 })], customMetrics: [] }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await refused(offer._id, () =>
          call(gp, 'PUT', `/${offer._id}/financials`, { classes: [aClass()], customMetrics: [], capitalRaiseMax: 'lots' }),
        )
      ).statusCode,
    ).toBe(400);

    const cta = await call(gp, 'PUT', `/${offer._id}/cta`, {
      primaryCTA: { label: 'Invest', url: 'https://example.com/invest' },
      secondaryCTA: null,
    });
    expect(cta.json().data.primaryCTA).toEqual({ label: 'Invest', url: 'https://example.com/invest' });
    expect(
      (
        await refused(offer._id, () =>
          call(gp, 'PUT', `/${offer._id}/cta`, { primaryCTA: { label: 'x', url: 'javascript:alert(1)' }, secondaryCTA: null }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await refused(offer._id, () =>
          call(gp, 'PUT', `/${offer._id}/cta`, { primaryCTA: { label: 'x'.repeat(61), url: 'https://example.com' }, secondaryCTA: null }),
        )
      ).statusCode,
    ).toBe(400);

    const videos = await call(gp, 'PUT', `/${offer._id}/videos`, { videos: [{ id: 'v', url: 'https://video.example/1', position: 0 }] });
    expect(videos.json().data.videos).toEqual([{ id: 'v', url: 'https://video.example/1', position: 0, hidden: false, purpose: 'about' }]);
    expect(
      (await refused(offer._id, () => call(gp, 'PUT', `/${offer._id}/videos`, { videos: [{ id: 'v', url: 'ftp://x', position: 0 }] })))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await refused(offer._id, () =>
          call(gp, 'PUT', `/${offer._id}/videos`, {
            videos: [{ id: 'v', url: 'https://video.example/2', position: 0, purpose: 'trailer' }],
          }),
        )
      ).statusCode,
    ).toBe(400);

    const config = await call(gp, 'PUT', `/${offer._id}/config`, { esignTemplateId: 'tmpl-1' });
    expect(config.json().data.config).toEqual({ esignTemplateId: 'tmpl-1' });
    expect((await lastEvent(offer._id))?.meta).toMatchObject({ change: { esignTemplateId: { old: null, new: 'tmpl-1' } } });

    const open = new Date(Date.now() + 86_400_000).toISOString();
    const status = await call(gp, 'PUT', `/${offer._id}/status`, { openDate: open, closeDate: null });
    expect(status.json().data).toMatchObject({ openDate: open, closeDate: null, listingStatus: 'upcoming' });
    expect(await lastEvent(offer._id)).toMatchObject({ type: 'status', meta: { change: { openDate: { old: null, new: open } } } });
    const backwards = await refused(offer._id, () =>
      call(gp, 'PUT', `/${offer._id}/status`, { openDate: open, closeDate: new Date(Date.now()).toISOString() }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toMatch(/close date must be after the open date/);
    expect(
      (await refused(offer._id, () => call(gp, 'PUT', `/${offer._id}/status`, { openDate: 'tomorrow', closeDate: null }))).statusCode,
    ).toBe(400);
  });

  it('updates images with images of this tenant only, filling their url', async () => {
    const offer = await create();
    const image = await uploadImage(owner);
    const res = await call(owner, 'PUT', `/${offer._id}/images`, { images: [{ id: 'i', image, position: 0, purpose: 'primary' }] });
    expect(res.statusCode, res.body).toBe(200);
    // Signed addresses (issue #17): an <img> cannot send the bearer token.
    const signed = expect.stringMatching(new RegExp(`^/api/v1/tenant/${t.tenants.acme.id}/images/${image}\\?exp=\\d+&sig=[\\w-]{43}$`));
    expect(res.json().data.images).toEqual([{ id: 'i', image, url: signed, position: 0, hidden: false, purpose: 'primary' }]);
    const listed = (await call(owner, 'GET', `?search=${offer.slug}`)).json().data[0] as OfferSummary;
    expect(listed.heroImageUrl).toEqual(signed);
    const hero = await t.app.inject({ method: 'GET', url: listed.heroImageUrl!, headers: { host: owner.host } });
    expect(hero.statusCode, hero.body).toBe(200);
    expect(hero.rawPayload.equals(PNG)).toBe(true);
    const theirs = await uploadImage(stranger);
    const foreignImage = await refused(offer._id, () =>
      call(owner, 'PUT', `/${offer._id}/images`, { images: [{ id: 'i', image: theirs, position: 0 }] }),
    );
    expect(foreignImage.statusCode).toBe(400);
    expect(foreignImage.json().error.message).toBe(`images: no such image in this organization: ${theirs}`);
    // Replacing a good list with a bad one keeps the good one.
    expect(
      (
        await refused(offer._id, () =>
          call(owner, 'PUT', `/${offer._id}/images`, {
            images: [
              { id: 'i', image, position: 0 },
              { id: 'j', image: someObjectId(), position: 1 },
            ],
          }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await refused(offer._id, () =>
          call(owner, 'PUT', `/${offer._id}/images`, { images: [{ id: 'i', image, position: 0, purpose: 'poster' }] }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await refused(offer._id, () =>
          call(owner, 'PUT', `/${offer._id}/images`, { images: [{ id: 'i', image: 'not-an-id', position: 0 }] }),
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('documents, approval and publishing', () => {
  it('lists offer documents uploaded through POST document; the institution team then owns them', async () => {
    const offer = await create(gp);
    const doc = await uploadOfferDocument(gp, 'operating-agreement');
    const res = await call(gp, 'PUT', `/${offer._id}/documents`, {
      documents: [{ document: doc, type: 'operating-agreement', position: 0 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.documents).toEqual([{ document: doc, type: 'operating-agreement', position: 0, hidden: false }]);
    expect(await lastEvent(offer._id)).toMatchObject({ message: `Gail Partner updated the documents of ${offer.name}` });
    // The tenant dashboard shows its owners the upload of a document an offer lists (issue #17 item 11: timeline.service.ts).
    const dashboard = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/acme/dashboard`,
      headers: { host: owner.host, ...bearer(owner.token) },
    });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(
      (dashboard.json().data.recentActivity as { entity: string; entityType: string }[]).map((e) => `${e.entityType} ${e.entity}`),
    ).toContain(`document ${doc}`);

    const listed = await call(gp, 'GET', `/${offer._id}/documents`);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ document: doc, name: 'operating-agreement file', originalName: 'return.pdf', mimeType: 'application/pdf' }),
    ]);
    expect((listed.json().data as OfferDocument[])[0]!.hidden).toBe(false);

    // Another GP joining the institution's team reads, changes and may delete the document as its owner…
    const teammate = await signUp(t.app, 'acme', { role: 'editor' });
    const docUrl = `/api/v1/document/${doc}`;
    const get = (who: SignedUp) => t.app.inject({ method: 'GET', url: docUrl, headers: { host: who.host, ...bearer(who.token) } });
    expect((await get(teammate)).statusCode).toBe(404);
    await joinTeam(teammate, fund);
    const asTeammate = await get(teammate);
    expect(asTeammate.statusCode, asTeammate.body).toBe(200);
    expect(asTeammate.json().data.rights).toEqual({ read: true, update: true, delete: true, share: true });
    expect((await get(owner)).statusCode).toBe(200);
    // A viewer of the team only reads it…
    const viewer = await signUp(t.app, 'acme', { role: 'editor' });
    await t.app.db.insert(roleAssignments).values({
      tenantId: t.tenants.acme.id,
      id: newId(),
      userId: viewer.user._id,
      entityType: 'institution',
      entityId: fund,
      role: 'viewer',
    });
    expect((await get(viewer)).json().data.rights).toEqual({ read: true, update: false, delete: false, share: false });
    // …while a GP of another institution and an investor do not see it.
    expect((await get(gpOther)).statusCode).toBe(404);
    expect((await get(investor)).statusCode).toBe(404);
    // A listed document cannot be deleted from under the offer.
    const del = await t.app.inject({ method: 'DELETE', url: docUrl, headers: { host: gp.host, ...bearer(gp.token) } });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/listed on the offer/);
  });

  it("refuses documents that are not this tenant's offer documents, someone else's, or listed twice", async () => {
    const offer = await create(gp);
    const userDoc = await uploadOfferDocument(gp, 'OTHER', 'USER');
    const notOffer = await call(gp, 'PUT', `/${offer._id}/documents`, { documents: [{ document: userDoc, position: 0 }] });
    expect(notOffer.statusCode).toBe(400);
    expect(notOffer.json().error.message).toMatch(/entity type OFFER/);
    const othersDoc = await uploadOfferDocument(gpOther, 'wire-instructions');
    const notMine = await call(gp, 'PUT', `/${offer._id}/documents`, { documents: [{ document: othersDoc, position: 0 }] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.message).toBe(`documents: no such document in this organization: ${othersDoc}`);
    const unknown = someObjectId();
    expect(
      (await call(gp, 'PUT', `/${offer._id}/documents`, { documents: [{ document: unknown, position: 0 }] })).json().error.message,
    ).toMatch(unknown);
    const doc = await uploadOfferDocument(gp, 'wire-instructions');
    const twice = await call(gp, 'PUT', `/${offer._id}/documents`, {
      documents: [
        { document: doc, position: 0 },
        { document: doc, position: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(
      (await call(gp, 'PUT', `/${offer._id}/documents`, { documents: [{ document: doc, type: 'nda', position: 0 }] })).statusCode,
    ).toBe(400);
    expect((await call(gp, 'GET', `/${offer._id}`)).json().data.documents).toEqual([]);
  });

  it('approval is for owners only (GP 403); setting the same status again is 400; who and when are recorded', async () => {
    const offer = await create(gp);
    const byGp = await call(gp, 'PUT', `/${offer._id}/approval`, { approvalStatus: 'approved' });
    expect(byGp.statusCode).toBe(403);
    const again = await call(owner, 'PUT', `/${offer._id}/approval`, { approvalStatus: 'pending' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('The offer is already pending approval');
    const res = await call(owner, 'PUT', `/${offer._id}/approval`, { approvalStatus: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json().data as Offer;
    expect(approved).toMatchObject({ approvalStatus: 'approved', approvalBy: { _id: owner.user._id, name: 'Olga Owner' } });
    expect(approved.approvalDate).not.toBeNull();
    expect(await lastEvent(offer._id)).toMatchObject({
      type: 'status',
      meta: { change: { approvalStatus: { old: 'pending', new: 'approved' }, approvalBy: { old: null, new: owner.user._id } } },
    });
    expect((await call(owner, 'PUT', `/${offer._id}/approval`, { approvalStatus: 'approved' })).json().error.message).toBe(
      'The offer is already approved',
    );
    expect((await call(owner, 'PUT', `/${offer._id}/approval`, { approvalStatus: 'rejected' })).json().data.approvalStatus).toBe(
      'rejected',
    );
    expect((await call(owner, 'PUT', `/${offer._id}/approval`, { approvalStatus: 'maybe' })).statusCode).toBe(400);
  });

  it('marketplace visibility is for owners only and records who and when', async () => {
    const offer = await create(gp);
    expect((await call(gp, 'PUT', `/${offer._id}/marketplace-config`, { visibilityStatus: 'visible' })).statusCode).toBe(403);
    expect((await call(owner, 'PUT', `/${offer._id}/marketplace-config`, { visibilityStatus: 'hidden' })).statusCode).toBe(400);
    const res = await call(owner, 'PUT', `/${offer._id}/marketplace-config`, { visibilityStatus: 'visible' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.marketplaceConfig).toMatchObject({
      visibilityStatus: 'visible',
      visibilityStatusUpdatedBy: { _id: owner.user._id, name: 'Olga Owner' },
    });
    expect(await lastEvent(offer._id)).toMatchObject({ meta: { change: { visibilityStatus: { old: 'hidden', new: 'visible' } } } });
  });

  it('publishing needs approval and each of the four required documents, naming what is missing', async () => {
    const offer = await create(gp);
    const publish = () => call(gp, 'PUT', `/${offer._id}/publishing`, { published: true });
    const first = await publish();
    expect(first.statusCode).toBe(400);
    expect(first.json().error.message).toBe(
      'Publishing needs approval and these documents: Operating Agreement, Private Placement Memorandum, Subscription Agreement, Wire Instructions',
    );
    const types = ['operating-agreement', 'private-placement-memorandum', 'subscription-agreement', 'wire-instructions'] as const;
    const docs: { document: string; type: string; position: number }[] = [];
    for (const type of types) docs.push({ document: await uploadOfferDocument(gp, type), type, position: docs.length });
    // Each document missing on its own is named.
    for (const missing of types) {
      const put = await call(gp, 'PUT', `/${offer._id}/documents`, {
        documents: docs.filter((d) => d.type !== missing).map((d, i) => ({ ...d, position: i })),
      });
      expect(put.statusCode, put.body).toBe(200);
      const refused = await publish();
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(new RegExp(`^Publishing needs approval and these documents: [A-Za-z ]+$`));
    }
    await call(gp, 'PUT', `/${offer._id}/documents`, { documents: [...docs].reverse().map((d, i) => ({ ...d, position: i })) });
    expect((await publish()).json().error.message).toBe('Publishing needs approval');
    await call(owner, 'PUT', `/${offer._id}/approval`, { approvalStatus: 'approved' });
    await call(gp, 'PUT', `/${offer._id}/documents`, { documents: docs.slice(0, 2) });
    expect((await publish()).json().error.message).toBe('Publishing needs these documents: Subscription Agreement, Wire Instructions');
    // A hidden required document is not shown to investors, so it does not count.
    const hidden = await call(gp, 'PUT', `/${offer._id}/documents`, {
      documents: docs.map((d) => ({ ...d, hidden: d.type === 'wire-instructions' })),
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const events = await eventCount(offer._id);
    const refusedHidden = await publish();
    expect(refusedHidden.statusCode).toBe(400);
    expect(refusedHidden.json().error.message).toBe('Publishing needs these documents: Wire Instructions');
    expect((await call(gp, 'GET', `/${offer._id}`)).json().data.published).toBe(false);
    expect(await eventCount(offer._id)).toBe(events);
    await call(gp, 'PUT', `/${offer._id}/documents`, { documents: docs });
    const ok = await publish();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ published: true, publishedBy: { _id: gp.user._id, name: 'Gail Partner' } });
    expect(await lastEvent(offer._id)).toMatchObject({
      type: 'status',
      message: `Gail Partner published ${offer.name}`,
      meta: { change: { published: { old: false, new: true } } },
    });
    expect((await publish()).json().error.message).toBe('The offer is already published');
    const unpublish = await call(gp, 'PUT', `/${offer._id}/publishing`, { published: false });
    expect(unpublish.json().data.published).toBe(false);
    expect((await call(gp, 'PUT', `/${offer._id}/publishing`, { published: 'yes' })).statusCode).toBe(400);
    // The documents list comes back in position order.
    const listed = (await call(gp, 'GET', `/${offer._id}/documents`)).json().data as OfferDocument[];
    expect(listed.map((d) => d.type)).toEqual([...types]);
  });
});

describe('events, dashboard and delete', () => {
  it('pages the history, counts the analytics and deletes with a recorded event', async () => {
    const offer = await create(gp);
    await call(gp, 'PUT', `/${offer._id}/config`, { esignTemplateId: 'one' });
    const events = await call(gp, 'GET', `/${offer._id}/events?limit=1`);
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().meta.total).toBe(2);
    expect((events.json().data as TimelineEvent[])[0]).toMatchObject({ entityType: 'tenant-offer', userName: 'Gail Partner' });
    expect((await call(gp, 'GET', `/${offer._id}/events?sort=nope`)).statusCode).toBe(400);

    const zero = { impressions: 0, visitors: 0, views: 0, documentViews: 0, documentDownloads: 0, ctaClicks: 0 };
    const empty = (await call(gp, 'GET', `/${offer._id}/dashboard`)).json().data;
    expect(empty.allTime).toEqual(zero);
    // The default window: the last month by day, ending now (30 buckets).
    expect(empty.analytics).toMatchObject({ scale: 'day', totals: zero });
    expect(empty.analytics.points).toHaveLength(30);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: hostOf('acme') },
      payload: [
        { type: 'offer-view', tid: 'visitor-aaaa', offer: offer._id },
        { type: 'cta', tid: 'visitor-aaaa', offer: offer._id },
        { type: 'impression', tid: 'visitor-bbbb', offer: offer._id },
      ],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    // visitor-bbbb only saw the offer's card: an impression, not a visitor of the offer.
    const counted = { ...zero, impressions: 1, visitors: 1, views: 1, ctaClicks: 1 };
    const data = (await call(gp, 'GET', `/${offer._id}/dashboard`)).json().data;
    expect(data.allTime).toEqual(counted);
    expect(data.analytics.totals).toEqual(counted);
    const now = new Date();
    const hourly = await call(
      gp,
      'GET',
      `/${offer._id}/dashboard?start=${new Date(now.getTime() - 3_600_000).toISOString()}&end=${now.toISOString()}&scale=hour`,
    );
    expect(hourly.statusCode, hourly.body).toBe(200);
    expect(hourly.json().data.analytics.points).toHaveLength(2);
    expect(hourly.json().data.analytics.points.at(-1)).toMatchObject({ impressions: 1, views: 1, ctaClicks: 1, visitors: 1 });
    for (const bad of ['?start=2026-01-01T00:00:00Z', '?start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z&scale=day', '?scale=week'])
      expect((await call(gp, 'GET', `/${offer._id}/dashboard${bad}`)).statusCode, bad).toBe(400);

    const del = await call(gp, 'DELETE', `/${offer._id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect(del.body).toBe('');
    expect(await lastEvent(offer._id)).toMatchObject({
      type: 'delete',
      meta: { delete: { name: offer.name, slug: offer.slug, institution: fund } },
    });
    expect((await call(gp, 'GET', `/${offer._id}`)).statusCode).toBe(404);
    expect(
      await t.app.db
        .select()
        .from(offers)
        .where(and(eq(offers.tenantId, t.tenants.acme.id), eq(offers.id, offer._id))),
    ).toEqual([]);
  });

  it('bad ids are 400', async () => {
    expect((await call(owner, 'GET', '/not-an-id')).statusCode).toBe(400);
    expect((await call(owner, 'PUT', '/not-an-id/config', { esignTemplateId: null })).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every offers route with its tag and access', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; description?: string }>>;
    };
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/tenant/{t}/offers') || p === '/tenant/{t}/institutions/{id}/offers');
    expect(paths.length).toBe(17);
    for (const path of paths) {
      for (const op of Object.values(doc.paths[path]!)) {
        expect(op.tags?.length, path).toBeGreaterThan(0);
        expect(op.description, path).toContain('Access:');
      }
    }
  });
});

describe('host', () => {
  it('answers only on the tenant of the address', async () => {
    const offer = await create();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/acme/offers/${offer._id}`,
      headers: { host: hostOf('globex'), ...bearer(owner.token) },
    });
    expect([401, 404]).toContain(res.statusCode);
  });
});

describe('demo data (db/seed.ts)', () => {
  it('seeds Summit Ridge Capital with the owner on its team, listed offers that meet the publishing rule and a draft, once', async () => {
    const demoOwner = await signUp(t.app, 'demo', { email: DEMO_ACCOUNTS[0]!.email, role: 'owner' });
    // seed() runs this on the first start; twice here shows it never doubles up.
    await seedRaiseDemo(t.app.db, t.tenants.demo, t.storage);
    await seedRaiseDemo(t.app.db, t.tenants.demo, t.storage);
    // A later start (the tenant already exists) leaves the tenant's institutions as they are.
    await seed(t.app.db, { defaultTenant: 'demo', demoData: true, admin: undefined, storage: t.storage });
    const rows = await t.app.db
      .select()
      .from(institutions)
      .where(eq(institutions.tenantId, t.tenants.demo.id))
      .orderBy(desc(institutions.name));
    expect(rows.map((r) => [r.name, r.type])).toEqual([
      ['Summit Ridge Capital', 'fund'],
      ['Meridian Ventures', 'fund'],
      ['Harbor Point Credit', 'lender'],
      ['Evergreen Energy Partners', 'fund'],
    ]);
    const team = await t.app.db.select().from(roleAssignments).where(eq(roleAssignments.entityId, rows[0]!.id));
    expect(team).toHaveLength(3);
    expect(team.find((r) => r.userId === demoOwner.user._id)?.role).toBe('owner');

    const list = await call(demoOwner, 'GET', '?sort=name&direction=desc', undefined, t.tenants.demo.id);
    expect(list.statusCode, list.body).toBe(200);
    const offers = list.json().data as OfferSummary[];
    expect(offers).toHaveLength(12);
    expect(offers.filter((o) => o.published && o.approvalStatus === 'approved' && o.visibilityStatus === 'visible')).toHaveLength(8);
    const live = offers.find((o) => o.name === 'Summit Ridge Apartments');
    const draft = offers.find((o) => o.name === 'Ridge Logistics Center');
    expect(live).toMatchObject({
      name: 'Summit Ridge Apartments',
      approvalStatus: 'approved',
      published: true,
      visibilityStatus: 'visible',
      listingStatus: 'open',
      minimumInvestment: 50_000,
      targetIrr: 18,
    });
    expect(draft).toMatchObject({
      name: 'Ridge Logistics Center',
      approvalStatus: 'pending',
      published: false,
      visibilityStatus: 'hidden',
    });
    const docs = (await call(demoOwner, 'GET', `/${live!._id}/documents`, undefined, t.tenants.demo.id)).json().data as OfferDocument[];
    expect(docs.map((d) => d.type)).toEqual([
      'operating-agreement',
      'private-placement-memorandum',
      'subscription-agreement',
      'wire-instructions',
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document/${docs[0]!.document}/download`,
      headers: { host: demoOwner.host, ...bearer(demoOwner.token) },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The marketplace shows the listed ones, three handpicked, with banners the public may load.
    const market = await t.app.inject({ method: 'GET', url: '/api/v1/tenant/demo/marketplace/offers', headers: { host: hostOf('demo') } });
    expect(market.json().meta.total).toBe(8);
    const showcase = (
      await t.app.inject({ method: 'GET', url: '/api/v1/tenant/demo/marketplace/showcase', headers: { host: hostOf('demo') } })
    ).json().data as { name: string; bannerUrl: string }[];
    expect(showcase.map((c) => c.name)).toEqual([
      'Summit Ridge Apartments',
      'Harbor Point Senior Loan Fund I',
      'Lakeside Storage Portfolio',
    ]);
    const banner = await t.app.inject({ method: 'GET', url: showcase[0]!.bannerUrl, headers: { host: hostOf('demo') } });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/webp');
  });
});
