import type { InstitutionDashboard, MarketplaceInstitution, MarketplaceInstitutionSummary } from '@tessera/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../db/seed.ts';
import { users, type TenantRow } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, joinInstitutionTeam, signUp, type SignedUp } from '../../../test/factories.ts';
import { LISTED, marketplaceFactories } from './marketplace.test-helpers.ts';

let t: TestApp;
let f: ReturnType<typeof marketplaceFactories>;
let tenant: TenantRow;
let owner: SignedUp;
const SLUG = 'instco';
const inst = { busy: '', quiet: '', empty: '', beta: '' };
let logo: string;
let gallery: string;
let busyOffer: string;

const joinTeam = (who: string, institutionId: string, expiresAt: Date | null = null) =>
  joinInstitutionTeam(t.app, tenant.id, who, institutionId, expiresAt);

beforeAll(async () => {
  t = await buildTestApp();
  f = marketplaceFactories(t);
  tenant = await createTenant(t.app.db, SLUG, 'Inst Co');
  owner = await signUp(t.app, SLUG, { role: 'owner' });
  logo = await f.storeImage(tenant.id);
  gallery = await f.storeImage(tenant.id);
  inst.busy = await f.createInstitution(tenant.id, 'Zenith Capital', {
    slug: 'zenith-capital',
    description: '<p>About Zenith</p>',
    descriptionShort: 'Mountain funds',
    images: [
      { id: 'g', image: gallery, position: 2, hidden: false, purpose: 'gallery' },
      { id: 'l', image: logo, position: 1, hidden: false, purpose: 'logo', url: `/api/v1/image/${logo}` },
      { id: 'x', image: newId(), position: 0, hidden: true, purpose: 'banner' },
    ],
    videos: [
      { id: 'v2', url: 'https://video.example.com/2', position: 1, hidden: false, purpose: 'about' },
      { id: 'v1', url: 'https://video.example.com/1', position: 0, hidden: true, purpose: 'intro' },
    ],
    customMetrics: [
      { id: 'b', key: 'AUM', value: '$1B', position: 1, hidden: false },
      { id: 'a', key: 'Secret', value: 'x', position: 0, hidden: true },
      { id: 'c', key: 'Founded', value: '2011', position: 0, hidden: false },
    ],
  });
  inst.quiet = await f.createInstitution(tenant.id, 'Alder Partners');
  inst.beta = await f.createInstitution(tenant.id, 'Birch Lending');
  inst.empty = await f.createInstitution(tenant.id, 'Aspen Bank');
  busyOffer = await f.createOffer({ tenantId: tenant.id, institutionId: inst.busy, ...LISTED });
  await f.createOffer({ tenantId: tenant.id, institutionId: inst.busy, ...LISTED });
  await f.createOffer({ tenantId: tenant.id, institutionId: inst.beta, ...LISTED });
  await f.createOffer({ tenantId: tenant.id, institutionId: inst.quiet, ...LISTED });
  // Not listed: not counted.
  await f.createOffer({ tenantId: tenant.id, institutionId: inst.empty, ...LISTED, visibilityStatus: 'hidden' });
  await f.createOffer({ tenantId: tenant.id, institutionId: inst.empty, ...LISTED, published: false });
});
afterAll(async () => {
  await t?.close();
});

describe('GET tenant/{t}/marketplace/institutions', () => {
  const list = async (query = '') => {
    const res = await f.get(`institutions${query}`, { slug: SLUG });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: MarketplaceInstitutionSummary[]; meta: { page: number; limit: number; total: number } };
  };

  it('lists every institution of the tenant, most listed offers first, then by name', async () => {
    const { data, meta } = await list();
    expect(data.map((i) => [i.name, i.offersCount])).toEqual([
      ['Zenith Capital', 2],
      ['Alder Partners', 1],
      ['Birch Lending', 1],
      ['Aspen Bank', 0],
    ]);
    expect(meta).toEqual({ page: 1, limit: 20, total: 4 });
    expect(data[0]).toMatchObject({
      _id: inst.busy,
      slug: 'zenith-capital',
      type: 'fund',
      descriptionShort: 'Mountain funds',
      logoUrl: `/api/v1/tenant/${tenant.id}/marketplace/images/${logo}`,
      bannerUrl: null,
    });
  });

  it('searches the name from 3 characters on, and paginates', async () => {
    expect((await list('?search=as')).meta.total).toBe(4);
    expect((await list('?search=ASPEN')).data.map((i) => i.name)).toEqual(['Aspen Bank']);
    const second = await list('?limit=2&page=2');
    expect(second.data.map((i) => i.name)).toEqual(['Birch Lending', 'Aspen Bank']);
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 4 });
    expect((await f.get('institutions?limit=101', { slug: SLUG })).statusCode).toBe(400);
  });

  it("never lists another tenant's institutions", async () => {
    const names = (await f.get('institutions')).json().data.map((i: MarketplaceInstitutionSummary) => i.name);
    expect(names).not.toContain('Zenith Capital');
  });
});

describe('GET tenant/{t}/marketplace/institutions/{idOrSlug}', () => {
  let member: SignedUp;

  beforeAll(async () => {
    member = await signUp(t.app, SLUG, { firstname: 'Ada', lastname: 'Lovelace' });
    const named = await signUp(t.app, SLUG);
    await t.app.db
      .update(users)
      .set({ displayname: 'Grace H.', image: `/api/v1/user/${named.user._id}/image/${newId()}` })
      .where(eq(users.id, named.user._id));
    const expired = await signUp(t.app, SLUG);
    const invited = await signUp(t.app, SLUG);
    await t.app.db.update(users).set({ signupStatus: 'partial' }).where(eq(users.id, invited.user._id));
    await joinTeam(member.user._id, inst.busy);
    await joinTeam(named.user._id, inst.busy, new Date(Date.now() + 86_400_000));
    await joinTeam(expired.user._id, inst.busy, new Date(Date.now() - 60_000));
    await joinTeam(invited.user._id, inst.busy);
  });

  it('serves visible media, metrics and the current team, by id and by slug in any case', async () => {
    const res = await f.get(`institutions/${inst.busy}`, { slug: SLUG });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as MarketplaceInstitution;
    const path = (id: string) => `/api/v1/tenant/${tenant.id}/marketplace/images/${id}`;
    expect(data).toMatchObject({
      _id: inst.busy,
      name: 'Zenith Capital',
      description: '<p>About Zenith</p>',
      offersCount: 2,
      logoUrl: path(logo),
    });
    expect(data.images).toEqual([
      { id: 'l', image: logo, src: path(logo), position: 1, purpose: 'logo' },
      { id: 'g', image: gallery, src: path(gallery), position: 2, purpose: 'gallery' },
    ]);
    expect(data.videos).toEqual([{ id: 'v2', url: 'https://video.example.com/2', position: 1, purpose: 'about' }]);
    expect(data.customMetrics.map((m) => m.key)).toEqual(['Founded', 'AUM']);
    expect(data.team).toHaveLength(2);
    expect(data.team[0]).toEqual({ _id: expect.any(String), name: 'Ada Lovelace', email: member.email, imageUrl: null });
    // A member photo is for signed-in members: no address on the public page.
    expect(data.team[1]).toMatchObject({ name: 'Grace H.', imageUrl: null });
    expect(JSON.stringify(data)).not.toContain('/api/v1/image/');
    expect(JSON.stringify(data)).not.toContain('/api/v1/user/');

    const bySlug = await f.get('institutions/ZENITH-Capital', { slug: SLUG });
    expect(bySlug.json().data._id).toBe(inst.busy);
  });

  it('is 404 for an unknown institution and on another tenant', async () => {
    expect((await f.get('institutions/nobody', { slug: SLUG })).statusCode).toBe(404);
    expect((await f.get(`institutions/${inst.busy}`)).statusCode).toBe(404);
    const mismatch = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/acme/marketplace/institutions/${inst.busy}`,
      headers: { host: hostOf(SLUG) },
    });
    expect(mismatch.statusCode).toBe(404);
  });
});

describe('marketplace analytics reach the institution dashboard', () => {
  it('stores impression, offer-view, document, institution and cta events with their ids, and the dashboard counts them', async () => {
    const window = (() => {
      const start = new Date(Date.now() - 86_400_000).toISOString();
      const end = new Date(Date.now() + 86_400_000).toISOString();
      return `?start=${start}&end=${end}&scale=day`;
    })();
    const dashboard = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/tenant/${tenant.id}/institutions/${inst.busy}/dashboard${window}`,
        headers: { host: hostOf(SLUG), ...bearer(owner.token) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as InstitutionDashboard).analytics.totals;
    };
    const before = await dashboard();
    const doc = newId();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { host: hostOf(SLUG) },
      payload: [
        { type: 'impression', tid: 'visitor-one-1', offer: busyOffer },
        { type: 'impression', tid: 'visitor-two-2', offer: busyOffer },
        { type: 'offer-view', tid: 'visitor-one-1', offer: busyOffer },
        { type: 'cta', tid: 'visitor-one-1', offer: busyOffer, meta: { cta: 'primary' } },
        { type: 'document-view', tid: 'visitor-one-1', offer: busyOffer, document: doc },
        { type: 'document-download', tid: 'visitor-one-1', offer: busyOffer, document: doc },
        { type: 'institution-view', tid: 'visitor-two-2', institution: inst.busy },
      ],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data.ids).toHaveLength(7);
    expect(posted.json().data).toMatchObject({ recorded: 7, dropped: { invalid: 0, bot: 0, duplicate: 0 } });
    expect(await dashboard()).toEqual({
      impressions: before.impressions + 2,
      views: before.views + 2,
      documentViews: before.documentViews + 1,
      documentDownloads: before.documentDownloads + 1,
      ctaClicks: before.ctaClicks + 1,
      visitors: before.visitors + 2,
    });
  });
});
