import type { MarketplaceOffer, OfferImage } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, insertInstitution, signUp, type SignedUp } from '../../../test/factories.ts';

let t: TestApp;
let investor: SignedUp;
let fund: string;
let foreignFund: string;

const LISTED = { approvalStatus: 'approved' as const, published: true, visibilityStatus: 'visible' as const };

const createInstitution = (tenantId: string, name: string) => insertInstitution(t.app, tenantId, name, { type: 'fund' });
async function createOffer(values: Partial<typeof offers.$inferInsert> & { tenantId: string; institutionId: string }): Promise<string> {
  const id = newId();
  await t.app.db.insert(offers).values({ id, name: `Offer ${id.slice(-4)}`, slug: `offer-${id.slice(-8)}`, ...values });
  return id;
}
const get = (idOrSlug: string, opts: { slug?: string; token?: string } = {}) => {
  const slug = opts.slug ?? 'acme';
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/tenant/${slug}/marketplace/offers/${encodeURIComponent(idOrSlug)}`,
    headers: { host: hostOf(slug), ...(opts.token ? bearer(opts.token) : {}) },
  });
};

beforeAll(async () => {
  t = await buildTestApp();
  investor = await signUp(t.app, 'acme');
  fund = await createInstitution(t.tenants.acme.id, 'Harbor Fund');
  foreignFund = await createInstitution(t.tenants.globex.id, 'Globex Fund');
});
afterAll(async () => {
  await t?.close();
});

describe('GET tenant/{t}/marketplace/offers/{idOrSlug}', () => {
  it('serves a listed offer to a signed-out visitor, by id and by slug in any case, without hidden media, metrics or documents', async () => {
    const images: OfferImage[] = [
      { id: 'a', image: newId(), position: 1, hidden: false, purpose: 'gallery' },
      { id: 'b', image: newId(), position: 0, hidden: true, purpose: 'banner' },
    ];
    const id = await createOffer({
      tenantId: t.tenants.acme.id,
      institutionId: fund,
      ...LISTED,
      slug: 'harbor-point',
      name: 'Harbor Point',
      images,
      customMetrics: [
        { id: 'm1', key: 'Units', value: '120', position: 0, hidden: false },
        { id: 'm2', key: 'Secret', value: 'x', position: 1, hidden: true },
      ],
      primaryCta: { label: 'Reserve', url: 'https://example.com/reserve' },
      secondaryCta: null,
      openDate: new Date(Date.now() - 86_400_000),
    });
    const byId = await get(id);
    expect(byId.statusCode, byId.body).toBe(200);
    const offer = byId.json().data as MarketplaceOffer;
    expect(offer).toMatchObject({
      _id: id,
      name: 'Harbor Point',
      listingStatus: 'open',
      primaryCTA: { label: 'Reserve', url: 'https://example.com/reserve' },
      secondaryCTA: null,
    });
    expect(offer.institution).toMatchObject({ _id: fund, name: 'Harbor Fund', type: 'fund' });
    expect(offer.images.map((i) => i.id)).toEqual(['a']);
    expect(offer.customMetrics.map((m) => m.key)).toEqual(['Units']);
    expect(offer).not.toHaveProperty('approvalStatus');
    expect(offer).not.toHaveProperty('capitalRaiseTotal');

    const bySlug = await get('HARBOR-Point', { token: investor.token });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().data._id).toBe(id);
  });

  it.each([
    ['pending approval', { approvalStatus: 'pending' as const, published: true, visibilityStatus: 'visible' as const }],
    ['rejected', { approvalStatus: 'rejected' as const, published: true, visibilityStatus: 'visible' as const }],
    ['unpublished', { approvalStatus: 'approved' as const, published: false, visibilityStatus: 'visible' as const }],
    ['hidden', { approvalStatus: 'approved' as const, published: true, visibilityStatus: 'hidden' as const }],
  ])('a %s offer is 404, by id and by slug', async (_label, state) => {
    const id = await createOffer({ tenantId: t.tenants.acme.id, institutionId: fund, ...state });
    const [byId, bySlug] = [await get(id), await get(`offer-${id.slice(-8)}`)];
    for (const res of [byId, bySlug]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ status: 404, message: expect.stringContaining('Offer') });
    }
  });

  it("another tenant's listed offer is 404 on this tenant's address, and the path must name the address's tenant", async () => {
    const id = await createOffer({ tenantId: t.tenants.globex.id, institutionId: foreignFund, ...LISTED });
    expect((await get(id)).statusCode).toBe(404);
    expect((await get(id, { slug: 'globex' })).statusCode).toBe(200);
    const mismatch = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/globex/marketplace/offers/${id}`,
      headers: { host: hostOf('acme') },
    });
    expect(mismatch.statusCode).toBe(404);
  });

  it('refuses a malformed route value with 400 in the envelope', async () => {
    const res = await get('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/idOrSlug/);
  });
});
