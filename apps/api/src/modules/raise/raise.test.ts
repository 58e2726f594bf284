import { RAISE_MODE_REFUSED, type InstitutionDashboard, type TenantMember } from '@tessera/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, offers, roleAssignments, tenantMembers, timelineEvents } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { rebuildAnalyticsRollups } from '../analytics/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, insertInstitution, joinInstitutionTeam, type SignedUp, signUp, someObjectId } from '../../../test/factories.ts';

let t: TestApp;
let owner: SignedUp;
let gp: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let fund: string;
let other: string;
let foreign: string;

const createInstitution = (tenantId: string, name: string) => insertInstitution(t.app, tenantId, name);
async function createOffer(tenantId: string, institutionId: string, extra: Partial<typeof offers.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await t.app.db.insert(offers).values({ tenantId, id, institutionId, name: `Offer ${id.slice(-4)}`, slug: `offer-${id}`, ...extra });
  return id;
}
const joinTeam = (who: SignedUp, institutionId: string, expiresAt: Date | null = null) =>
  joinInstitutionTeam(t.app, t.tenants.acme.id, who.user._id, institutionId, expiresAt);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  // Editors carry institution:manage by default: a GP.
  gp = await signUp(t.app, 'acme', { role: 'editor' });
  investor = await signUp(t.app, 'acme');
  stranger = await signUp(t.app, 'globex', { role: 'owner' });
  fund = await createInstitution(t.tenants.acme.id, 'Harbor Fund');
  other = await createInstitution(t.tenants.acme.id, 'Other Bank');
  foreign = await createInstitution(t.tenants.globex.id, 'Globex Lender');
  await joinTeam(gp, fund);
});
afterAll(async () => {
  await t?.close();
});

const putMode = (who: SignedUp, payload: object, userId = who.user._id) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/user/${userId}/tenant-member/mode`,
    headers: { host: who.host, ...bearer(who.token) },
    payload,
  });
const preferencesOf = async (who: SignedUp) =>
  (await t.app.db.select().from(tenantMembers).where(eq(tenantMembers.id, who.tenantMember!._id)))[0]!.preferences;
const lastEventOf = async (who: SignedUp) =>
  (
    await t.app.db
      .select()
      .from(timelineEvents)
      .where(eq(timelineEvents.entity, who.tenantMember!._id))
      .orderBy(desc(timelineEvents.createdAt))
      .limit(1)
  )[0];

describe('PUT user/{id}/tenant-member/mode', () => {
  it('refuses Raise without the institution:manage flag, with the exact text, and changes nothing', async () => {
    const res = await putMode(investor, { appMode: 'institution' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(RAISE_MODE_REFUSED);
    expect(await preferencesOf(investor)).toMatchObject({ appMode: null, institution: null });
    // Picking an institution is a Raise act too.
    expect((await putMode(investor, { appMode: 'investor', institution: fund })).statusCode).toBe(403);
    // Invest is always allowed.
    const invest = await putMode(investor, { appMode: 'investor' });
    expect(invest.statusCode, invest.body).toBe(200);
    expect((invest.json().data as TenantMember).preferences.appMode).toBe('investor');
  });

  it('lets an owner switch to Raise and pick any institution of the tenant, recording old and new values', async () => {
    const res = await putMode(owner, { appMode: 'institution' });
    expect(res.statusCode, res.body).toBe(200);
    const member = res.json().data as TenantMember;
    expect(member._id).toBe(owner.tenantMember!._id);
    expect(member.preferences).toMatchObject({ appMode: 'institution', institution: null });
    expect(await lastEventOf(owner)).toMatchObject({
      type: 'update',
      entityType: 'tenant-member',
      meta: { change: { appMode: { old: null, new: 'institution' } } },
    });

    const pick = await putMode(owner, { appMode: 'institution', institution: other });
    expect(pick.statusCode, pick.body).toBe(200);
    expect((pick.json().data as TenantMember).preferences.institution).toBe(other);
    const event = await lastEventOf(owner);
    expect(event).toMatchObject({ meta: { change: { institution: { old: null, new: other } } } });
    expect(event!.message).toMatch(/picked the institution Other Bank/);

    // Back to Invest keeps the pick for next time; nothing changed records nothing.
    const invest = await putMode(owner, { appMode: 'investor' });
    expect((invest.json().data as TenantMember).preferences).toMatchObject({ appMode: 'investor', institution: other });
    const before = await lastEventOf(owner);
    await putMode(owner, { appMode: 'investor' });
    expect((await lastEventOf(owner))!.id).toBe(before!.id);
  });

  it('gives 404 for an institution of another tenant, one the GP is not on, an expired team membership, or another user', async () => {
    expect((await putMode(owner, { appMode: 'institution', institution: foreign })).statusCode).toBe(404);
    expect((await putMode(owner, { appMode: 'institution', institution: someObjectId() })).statusCode).toBe(404);
    expect((await putMode(gp, { appMode: 'institution', institution: other })).statusCode).toBe(404);
    const expired = await createInstitution(t.tenants.acme.id, 'Expired Capital');
    await joinTeam(gp, expired, new Date(Date.now() - 60_000));
    expect((await putMode(gp, { appMode: 'institution', institution: expired })).statusCode).toBe(404);
    expect((await putMode(gp, { appMode: 'institution' }, owner.user._id)).statusCode).toBe(404);
    const ok = await putMode(gp, { appMode: 'institution', institution: fund });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await preferencesOf(gp)).toMatchObject({ appMode: 'institution', institution: fund });
  });

  it('drops a pick the GP no longer has when switching back to Raise', async () => {
    const temp = await signUp(t.app, 'acme', { role: 'editor' });
    const gone = await createInstitution(t.tenants.acme.id, 'Gone Partners');
    await joinTeam(temp, gone);
    expect((await putMode(temp, { appMode: 'institution', institution: gone })).statusCode).toBe(200);
    await putMode(temp, { appMode: 'investor' });
    await t.app.db.delete(roleAssignments).where(and(eq(roleAssignments.userId, temp.user._id), eq(roleAssignments.entityId, gone)));
    const back = await putMode(temp, { appMode: 'institution' });
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json().data as TenantMember).preferences).toMatchObject({ appMode: 'institution', institution: null });
  });

  it('validates the body with a message a person can act on', async () => {
    const bad = await putMode(owner, { appMode: 'tenant' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/appMode/);
    const badId = await putMode(owner, { appMode: 'institution', institution: 'abc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toMatch(/24-character/);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/user/${owner.user._id}/tenant-member/mode`,
          headers: { host: owner.host },
          payload: { appMode: 'investor' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('GET tenant/{t}/institutions/{id}/dashboard', () => {
  const day = (d: string) => new Date(`${d}T12:00:00.000Z`);
  const window = '?start=2026-03-01T00:00:00.000Z&end=2026-03-03T23:00:00.000Z&scale=day';
  const getDashboard = (who: SignedUp, institutionId: string, query = window, tenant = t.tenants.acme.id) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/${tenant}/institutions/${institutionId}/dashboard${query}`,
      headers: { host: who.host, ...bearer(who.token) },
    });

  beforeAll(async () => {
    const published = await createOffer(t.tenants.acme.id, fund, { published: true, visibilityStatus: 'visible' });
    const draft = await createOffer(t.tenants.acme.id, fund);
    const elsewhere = await createOffer(t.tenants.acme.id, other, { published: true });
    const event = (
      type: 'impression' | 'offer-view' | 'cta' | 'view',
      offerId: string | null,
      tid: string,
      createdAt: Date,
      tenantId = t.tenants.acme.id,
    ) => ({ tenantId, id: newId(), type, tid, offerId, createdAt });
    await t.app.db.insert(analyticsEvents).values([
      event('impression', published, 'visitor-aaaa', day('2026-03-01')),
      event('offer-view', published, 'visitor-aaaa', day('2026-03-01')),
      event('impression', draft, 'visitor-bbbb', day('2026-03-01')),
      event('cta', published, 'visitor-aaaa', day('2026-03-03')),
      event('impression', published, 'visitor-cccc', day('2026-03-03')),
      // Not counted: another institution's offer, no offer, outside the window, another tenant.
      event('impression', elsewhere, 'visitor-dddd', day('2026-03-02')),
      event('view', null, 'visitor-eeee', day('2026-03-02')),
      event('impression', published, 'visitor-ffff', day('2026-02-20')),
      event('impression', published, 'visitor-gggg', day('2026-03-02'), t.tenants.globex.id),
    ]);
    // Stored directly, not through POST /analytics: their rollups are built as migration 0027 builds them.
    await withCrossTenant('test: the rollups of the events inserted above', () => rebuildAnalyticsRollups(t.app.db));
  });

  it('counts offers and buckets the offer-page analytics by day, empty days included', async () => {
    const res = await getDashboard(owner, fund);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as InstitutionDashboard;
    expect(data.offers).toEqual({ total: 2, published: 1, visible: 1 });
    expect(data.analytics.points.map((p) => [p.bucket, p.impressions])).toEqual([
      ['2026-03-01T00:00:00.000Z', 2],
      ['2026-03-02T00:00:00.000Z', 0],
      ['2026-03-03T00:00:00.000Z', 1],
    ]);
    // A visitor of the institution has an event on it other than an impression: visitor-aaaa only (bbbb, cccc saw cards).
    expect(data.analytics.points.map((p) => p.visitors)).toEqual([1, 0, 1]);
    expect(data.analytics.points.map((p) => p.views)).toEqual([1, 0, 0]);
    expect(data.analytics.points.map((p) => p.ctaClicks)).toEqual([0, 0, 1]);
    // visitor-aaaa came on two days: counted once in the window.
    expect(data.analytics.totals).toEqual({ impressions: 3, visitors: 1, views: 1, documentViews: 0, documentDownloads: 0, ctaClicks: 1 });
    expect(data.leads).toMatchObject({ newInPeriod: 0, byStatus: { active: 0, invited: 0 } });
    expect(data.leads.series).toHaveLength(3);
  });

  it('buckets by hour and by month', async () => {
    const hourly = await getDashboard(owner, fund, '?start=2026-03-01T10:00:00.000Z&end=2026-03-01T13:30:00.000Z&scale=hour');
    expect((hourly.json().data as InstitutionDashboard).analytics.points.map((p) => [p.bucket, p.impressions])).toEqual([
      ['2026-03-01T10:00:00.000Z', 0],
      ['2026-03-01T11:00:00.000Z', 0],
      ['2026-03-01T12:00:00.000Z', 2],
      ['2026-03-01T13:00:00.000Z', 0],
    ]);
    const monthly = await getDashboard(owner, fund, '?start=2026-01-01T00:00:00.000Z&end=2026-03-31T00:00:00.000Z&scale=month');
    expect((monthly.json().data as InstitutionDashboard).analytics.points.map((p) => p.impressions)).toEqual([0, 1, 3]);
  });

  it('lets a GP on the team in; refuses others as the access rules say', async () => {
    expect((await getDashboard(gp, fund)).statusCode).toBe(200);
    expect((await getDashboard(gp, other)).statusCode).toBe(404);
    const refused = await getDashboard(investor, fund);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(RAISE_MODE_REFUSED);
    // Another tenant: its owner naming acme from globex's address, an acme institution from globex, a globex institution from acme.
    expect((await getDashboard(stranger, fund, window, t.tenants.acme.id)).statusCode).toBe(404);
    expect((await getDashboard(stranger, fund, window, t.tenants.globex.id)).statusCode).toBe(404);
    expect((await getDashboard(owner, foreign)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/tenant/${t.tenants.acme.id}/institutions/${fund}/dashboard${window}`,
          headers: { host: owner.host },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('validates the window', async () => {
    const missing = await getDashboard(owner, fund, '?scale=day');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/start/);
    const reversed = await getDashboard(owner, fund, '?start=2026-03-03T00:00:00.000Z&end=2026-03-01T00:00:00.000Z&scale=day');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toMatch(/start must be before end/);
    expect((await getDashboard(owner, fund, '?start=2026-03-01T00:00:00.000Z&end=2026-03-02T00:00:00.000Z&scale=week')).statusCode).toBe(
      400,
    );
    const tooMany = await getDashboard(owner, fund, '?start=2020-01-01T00:00:00.000Z&end=2026-01-01T00:00:00.000Z&scale=hour');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toMatch(/at most 1100/);
    expect((await getDashboard(owner, 'not-an-id')).statusCode).toBe(400);
  });
});
