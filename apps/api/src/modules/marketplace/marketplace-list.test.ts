import type { MarketplaceOfferCard, MarketplaceSettingsView } from '@tessera/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../db/seed.ts';
import { offers, timelineEvents, type TenantRow } from '../../db/schema/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../../test/factories.ts';
import { DAY_MS, LISTED, marketplaceFactories, offerClass } from './marketplace.test-helpers.ts';

let t: TestApp;
let f: ReturnType<typeof marketplaceFactories>;
let tenant: TenantRow;
let harbor: string;
let granite: string;
let logo: string;
let banner: string;
/** The four listed offers of the tenant (see beforeAll). */
const o = { alpha: '', beta: '', gamma: '', delta: '' };
const unlisted: string[] = [];
let foreign: string;

const SLUG = 'listco';
const now = Date.now();
const list = async (query = '', path = 'offers') => {
  const res = await f.get(`${path}${query ? `?${query}` : ''}`, { slug: SLUG });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: MarketplaceOfferCard[]; meta: { page: number; limit: number; total: number } };
};
const ids = async (query = '') => (await list(query)).data.map((c) => c._id);
const sorted = (...values: string[]) => [...values].sort();

beforeAll(async () => {
  t = await buildTestApp();
  f = marketplaceFactories(t);
  tenant = await createTenant(t.app.db, SLUG, 'List Co');
  logo = await f.storeImage(tenant.id);
  banner = await f.storeImage(tenant.id);
  harbor = await f.createInstitution(tenant.id, 'Harbor Fund', {
    images: [{ id: 'l', image: logo, position: 0, hidden: false, purpose: 'logo' }],
  });
  granite = await f.createInstitution(tenant.id, 'Granite Partners');
  const at = (days: number) => new Date(now + days * DAY_MS);
  o.alpha = await f.createOffer({
    tenantId: tenant.id,
    institutionId: harbor,
    ...LISTED,
    name: 'Alpha Towers',
    type: 'value-add',
    assetClass: 'multi-family',
    openDate: at(-10),
    closeDate: at(30),
    createdAt: at(-4),
    images: [{ id: 'b', image: banner, position: 0, hidden: false, purpose: 'banner', url: `/api/v1/image/${banner}` }],
    classes: [
      offerClass({ name: 'A', minimumInvestment: 10_000, internalRateOfReturn: 12, equityMultiple: 1.5, holdingPeriod: 60 }),
      offerClass({ name: 'B', minimumInvestment: 5_000, internalRateOfReturn: 20, equityMultiple: 2.5, holdingPeriod: 36 }),
    ],
  });
  o.beta = await f.createOffer({
    tenantId: tenant.id,
    institutionId: granite,
    ...LISTED,
    name: 'Beta Logistics',
    type: 'core-investment',
    assetClass: 'industrial',
    descriptionShort: 'A warehouse near the airport',
    openDate: at(2),
    createdAt: at(-3),
    classes: [offerClass({ name: 'Senior', minimumInvestment: 50_000, internalRateOfReturn: 8 })],
  });
  o.gamma = await f.createOffer({
    tenantId: tenant.id,
    institutionId: harbor,
    ...LISTED,
    name: 'Gamma Retail',
    type: 'debt-investment',
    assetClass: 'retail',
    openDate: at(-20),
    closeDate: at(-1),
    createdAt: at(-2),
    classes: [],
  });
  o.delta = await f.createOffer({
    tenantId: tenant.id,
    institutionId: granite,
    ...LISTED,
    name: 'Delta Homes',
    type: 'value-add',
    assetClass: 'multi-family',
    createdAt: at(-1),
    classes: [offerClass({ name: 'Only', minimumInvestment: 25_000, internalRateOfReturn: 15, equityMultiple: 2 })],
  });
  for (const state of [
    { approvalStatus: 'pending' as const, published: true, visibilityStatus: 'visible' as const },
    { approvalStatus: 'rejected' as const, published: true, visibilityStatus: 'visible' as const },
    { approvalStatus: 'approved' as const, published: false, visibilityStatus: 'visible' as const },
    { approvalStatus: 'approved' as const, published: true, visibilityStatus: 'hidden' as const },
  ]) {
    unlisted.push(
      await f.createOffer({
        tenantId: tenant.id,
        institutionId: harbor,
        ...state,
        name: 'Alpha Hidden',
        classes: [offerClass({ minimumInvestment: 1 })],
      }),
    );
  }
  const elsewhere = await f.createInstitution(t.tenants.acme.id, 'Harbor Elsewhere');
  foreign = await f.createOffer({ tenantId: t.tenants.acme.id, institutionId: elsewhere, ...LISTED, name: 'Alpha Abroad' });
});
afterAll(async () => {
  await t?.close();
});

describe('GET tenant/{t}/marketplace/offers', () => {
  it('lists only the listed offers of the host tenant, newest first, as cards with metrics over all classes', async () => {
    const { data, meta } = await list();
    expect(data.map((c) => c._id)).toEqual([o.delta, o.gamma, o.beta, o.alpha]);
    expect(meta).toEqual({ page: 1, limit: 20, total: 4 });
    for (const id of [...unlisted, foreign]) expect(data.map((c) => c._id)).not.toContain(id);
    const alpha = data.find((c) => c._id === o.alpha)!;
    expect(alpha).toMatchObject({
      name: 'Alpha Towers',
      listingStatus: 'open',
      classNames: ['A', 'B'],
      minimumInvestment: 5_000,
      targetIrr: 20,
      equityMultiple: 2,
      holdingPeriod: 36,
      // The stored signed-in path is never handed out: the public image path is.
      bannerUrl: `/api/v1/tenant/${tenant.id}/marketplace/images/${banner}`,
      institution: { _id: harbor, name: 'Harbor Fund', type: 'fund', logoUrl: `/api/v1/tenant/${tenant.id}/marketplace/images/${logo}` },
    });
    expect(data.find((c) => c._id === o.gamma)).toMatchObject({
      classNames: [],
      minimumInvestment: null,
      targetIrr: null,
      equityMultiple: null,
      holdingPeriod: null,
      bannerUrl: null,
      listingStatus: 'closed',
    });
    expect(data.find((c) => c._id === o.beta)).toMatchObject({
      listingStatus: 'upcoming',
      equityMultiple: null,
      institution: { logoUrl: null },
    });
    expect(data.find((c) => c._id === o.delta)!.listingStatus).toBe('none');
  });

  it("another tenant's address serves its own offers only, and the path must name the host's tenant", async () => {
    const res = await f.get('offers', { slug: 'acme' });
    expect(res.json().data.map((c: MarketplaceOfferCard) => c._id)).toEqual([foreign]);
    const mismatch = await t.app.inject({ method: 'GET', url: `/api/v1/tenant/acme/marketplace/offers`, headers: { host: hostOf(SLUG) } });
    expect(mismatch.statusCode).toBe(404);
  });

  it('searches name, short description and institution name, ignoring case, from 3 characters on', async () => {
    expect((await list('search=al')).meta.total).toBe(4);
    expect(await ids('search=ALPHA')).toEqual([o.alpha]);
    expect(await ids('search=warehouse')).toEqual([o.beta]);
    expect(sorted(...(await ids('search=granite')))).toEqual(sorted(o.beta, o.delta));
    expect(await ids('search=100%25')).toEqual([]);
  });

  it('filters by institution, type, asset class and status, each a comma-separated list', async () => {
    expect(sorted(...(await ids(`institution=${harbor}`)))).toEqual(sorted(o.alpha, o.gamma));
    expect((await list(`institution=${harbor},${granite}`)).meta.total).toBe(4);
    expect(sorted(...(await ids('type=value-add')))).toEqual(sorted(o.alpha, o.delta));
    expect(sorted(...(await ids('type=value-add,core-investment')))).toEqual(sorted(o.alpha, o.beta, o.delta));
    expect(sorted(...(await ids('assetClass=multi-family')))).toEqual(sorted(o.alpha, o.delta));
    expect(await ids('assetClass=industrial&type=value-add')).toEqual([]);
    expect(await ids('status=open')).toEqual([o.alpha]);
    expect(await ids('status=upcoming')).toEqual([o.beta]);
    expect(await ids('status=closed')).toEqual([o.gamma]);
    expect(sorted(...(await ids('status=open,closed')))).toEqual(sorted(o.alpha, o.gamma));
  });

  it('applies the ranges to the first class, where 0 means no bound and an offer without classes fails any bound', async () => {
    expect((await list('investmentMin=0&investmentMax=0&irrMin=0&irrMax=0&equityMultipleMin=0&equityMultipleMax=0')).meta.total).toBe(4);
    // Alpha's first class asks 10,000 (its card shows the 5,000 of class B); Gamma has no class.
    expect(sorted(...(await ids('investmentMin=10000')))).toEqual(sorted(o.alpha, o.beta, o.delta));
    expect(await ids('investmentMax=20000')).toEqual([o.alpha]);
    expect(await ids('investmentMin=20000&investmentMax=30000')).toEqual([o.delta]);
    // Alpha's first class has 12 % (the card shows 20 %).
    expect(await ids('irrMin=13')).toEqual([o.delta]);
    expect(sorted(...(await ids('irrMin=12')))).toEqual(sorted(o.alpha, o.delta));
    expect(await ids('irrMax=10')).toEqual([o.beta]);
    expect(await ids('equityMultipleMin=1.6')).toEqual([o.delta]);
    expect(await ids('equityMultipleMax=1.5')).toEqual([o.alpha]);
    expect(
      await ids(
        `search=towers&institution=${harbor}&type=value-add&assetClass=multi-family&status=open&investmentMin=1000&investmentMax=10000&irrMin=10&irrMax=12&equityMultipleMin=1&equityMultipleMax=1.5`,
      ),
    ).toEqual([o.alpha]);
  });

  it('sorts by name, target IRR (highest first, none last), minimum investment and open date', async () => {
    expect(await ids('sort=name')).toEqual([o.alpha, o.beta, o.delta, o.gamma]);
    expect(await ids('sort=targetIrr')).toEqual([o.alpha, o.delta, o.beta, o.gamma]);
    expect(await ids('sort=minimumInvestment')).toEqual([o.alpha, o.delta, o.beta, o.gamma]);
    expect(await ids('sort=openDate')).toEqual([o.gamma, o.alpha, o.beta, o.delta]);
  });

  it('paginates with the total of every match', async () => {
    const second = await list('limit=2&page=2');
    expect(second.data.map((c) => c._id)).toEqual([o.beta, o.alpha]);
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 4 });
    expect(await list('limit=2&page=3')).toEqual({ data: [], meta: { page: 3, limit: 2, total: 4 } });
  });

  it.each([
    ['irrMin=-1', /irrMin/],
    ['investmentMax=lots', /investmentMax/],
    ['sort=cheapest', /sort/],
    ['assetClass=castles', /assetClass/],
    ['status=none', /status/],
    ['institution=abc', /institution/],
    ['limit=101', /limit/],
    ['page=0', /page/],
  ])('refuses %s with 400 in the error envelope', async (query, message) => {
    const res = await f.get(`offers?${query}`, { slug: SLUG });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ status: 400, message: expect.stringMatching(message) });
  });

  it('derives the status from the app clock', async () => {
    t.clock.advance(3 * DAY_MS);
    try {
      expect(sorted(...(await ids('status=open')))).toEqual(sorted(o.alpha, o.beta));
      expect(await ids('status=upcoming')).toEqual([]);
      expect((await list()).data.find((c) => c._id === o.beta)!.listingStatus).toBe('open');
    } finally {
      t.clock.advance(-3 * DAY_MS);
    }
  });
});

describe('GET tenant/{t}/marketplace/institutions/{id}/offers', () => {
  it('is the list kept to the institution, by id or slug, with the same query; an unknown or foreign institution is 404', async () => {
    expect(sorted(...(await list('', `institutions/${harbor}/offers`)).data.map((c) => c._id))).toEqual(sorted(o.alpha, o.gamma));
    expect((await list('status=closed', `institutions/${harbor}/offers`)).data.map((c) => c._id)).toEqual([o.gamma]);
    const bySlug = await list(
      'sort=name',
      `institutions/${(await f.get(`institutions/${granite}`, { slug: SLUG })).json().data.slug.toUpperCase()}/offers`,
    );
    expect(bySlug.data.map((c) => c._id)).toEqual([o.beta, o.delta]);
    const foreignFund = (await t.app.db.select({ id: offers.institutionId }).from(offers).where(eq(offers.id, foreign)))[0]!.id;
    expect((await f.get(`institutions/${foreignFund}/offers`, { slug: SLUG })).statusCode).toBe(404);
    expect((await f.get('institutions/nope/offers', { slug: SLUG })).statusCode).toBe(404);
    expect((await f.get(`institutions/${harbor}/offers?irrMin=x`, { slug: SLUG })).statusCode).toBe(400);
  });
});

describe('handpicked deals: GET showcase, GET and PUT settings', () => {
  let owner: SignedUp;
  let investor: SignedUp;
  const settings = (who: SignedUp | null, method: 'GET' | 'PUT' = 'GET', payload?: object, slug = SLUG) =>
    t.app.inject({
      method,
      url: `/api/v1/tenant/${slug}/marketplace/settings`,
      headers: { host: hostOf(SLUG), ...(who ? bearer(who.token) : {}) },
      ...(payload ? { payload } : {}),
    });
  const showcase = async () => (await f.get('showcase', { slug: SLUG })).json().data.map((c: MarketplaceOfferCard) => c._id);

  beforeAll(async () => {
    owner = await signUp(t.app, SLUG, { role: 'owner' });
    investor = await signUp(t.app, SLUG);
  });

  it('starts empty; an owner picks listed offers in order and the showcase serves them', async () => {
    expect((await settings(owner)).json().data).toEqual({ handpickedOfferIds: [], handpickedOffers: [] });
    expect(await showcase()).toEqual([]);
    const res = await settings(owner, 'PUT', { handpickedOfferIds: [o.beta, o.alpha, o.delta] });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data as MarketplaceSettingsView;
    expect(view.handpickedOfferIds).toEqual([o.beta, o.alpha, o.delta]);
    expect(view.handpickedOffers.map((c) => c._id)).toEqual([o.beta, o.alpha, o.delta]);
    expect(await showcase()).toEqual([o.beta, o.alpha, o.delta]);

    const [event] = await t.app.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.tenantId, tenant.id), eq(timelineEvents.entityType, 'tenant'), eq(timelineEvents.type, 'update')))
      .orderBy(desc(timelineEvents.createdAt))
      .limit(1);
    expect(event).toMatchObject({
      entity: tenant.id,
      userId: owner.user._id,
      meta: { change: { handpickedOfferIds: { old: [], new: [o.beta, o.alpha, o.delta] } } },
    });
  });

  it('refuses ids that are not listed offers of the tenant with 400, changing nothing', async () => {
    for (const bad of [unlisted[3]!, foreign, '0123456789abcdef01234567']) {
      const res = await settings(owner, 'PUT', { handpickedOfferIds: [o.alpha, bad] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(bad);
      expect(res.json().error.message).toMatch(/handpickedOfferIds/);
    }
    const twice = await settings(owner, 'PUT', { handpickedOfferIds: [o.alpha, o.alpha] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toMatch(/once/);
    expect((await settings(owner)).json().data.handpickedOfferIds).toEqual([o.beta, o.alpha, o.delta]);
  });

  it('drops an offer from the showcase once it is no longer listed, keeping the pick', async () => {
    await t.app.db
      .update(offers)
      .set({ visibilityStatus: 'hidden' })
      .where(and(eq(offers.tenantId, tenant.id), eq(offers.id, o.alpha)));
    try {
      expect(await showcase()).toEqual([o.beta, o.delta]);
      const view = (await settings(owner)).json().data as MarketplaceSettingsView;
      expect(view.handpickedOfferIds).toEqual([o.beta, o.alpha, o.delta]);
      expect(view.handpickedOffers.map((c) => c._id)).toEqual([o.beta, o.delta]);
    } finally {
      await t.app.db
        .update(offers)
        .set({ visibilityStatus: 'visible' })
        .where(and(eq(offers.tenantId, tenant.id), eq(offers.id, o.alpha)));
    }
  });

  it('is for owners of this tenant only: investor 403, signed out 401, another tenant 404; a private API key acts as owner', async () => {
    expect((await settings(investor)).statusCode).toBe(403);
    expect((await settings(investor, 'PUT', { handpickedOfferIds: [] })).statusCode).toBe(403);
    expect((await settings(null)).statusCode).toBe(401);
    expect((await settings(null, 'PUT', { handpickedOfferIds: [] })).statusCode).toBe(401);
    expect((await settings(owner, 'GET', undefined, 'acme')).statusCode).toBe(404);
    expect((await settings(owner, 'PUT', { handpickedOfferIds: [] }, t.tenants.acme.id)).statusCode).toBe(404);

    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tenant/${tenant.id}/api-key/pvt`,
      headers: { host: hostOf(SLUG), ...bearer(owner.token) },
      payload: { scopes: ['tenant:read', 'tenant:write'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().data.key as string;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tenant/${SLUG}/marketplace/settings`,
      headers: { host: hostOf(SLUG), 'x-api-key': key },
      payload: { handpickedOfferIds: [o.delta] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await showcase()).toEqual([o.delta]);
  });

  it('validates the body', async () => {
    const res = await settings(owner, 'PUT', { handpickedOfferIds: ['nope'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.status).toBe(400);
    expect((await settings(owner, 'PUT', { handpickedOfferIds: Array.from({ length: 13 }, () => o.alpha) })).statusCode).toBe(400);
  });
});
