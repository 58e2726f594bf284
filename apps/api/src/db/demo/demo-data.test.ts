import { brandingMessaging, offerAssetClass, type BrandingMessaging, type TenantLeadRow } from '@tessera/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { documents, institutions, offers, roleAssignments, users } from '../schema/index.ts';
import { seedDemo } from '../seed.ts';
import { DEMO_LEADS_INSTITUTION } from './leads.ts';

let t: TestApp;
const tenantIds: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  // What seed() writes on a first start with DEMO_DATA=1 (the test app's default tenant is 'demo').
  const northwind = await seedDemo(t.app.db, t.tenants.demo, t.storage);
  tenantIds.push(t.tenants.demo.id, northwind.id);
});
afterAll(() => t.close());

const get = (slug: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host: hostOf(slug) } });
/** The demo owner's request headers on the demo host, signed in with the seeded password (what this file tests). */
async function ownerHeaders() {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    headers: { host: hostOf('demo') },
    payload: { email: 'owner@demo.tessera.local', password: 'demo-owner-2026' },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return { host: hostOf('demo'), authorization: `Bearer ${signIn.json().data.token as string}` };
}
/** A stored file's bytes, or null. */
async function stored(key: string): Promise<Buffer | null> {
  const file = await t.storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const isWebp = (body: Buffer) => body.subarray(0, 4).toString() === 'RIFF' && body.subarray(8, 12).toString() === 'WEBP';

describe('demo data', () => {
  it('lists 12 to 20 offers across at least four asset classes and both demo tenants, each banner a WebP', async () => {
    const listed: { slug: string; assetClass: string | null; bannerUrl: string | null }[] = [];
    for (const slug of ['demo', 'northwind']) {
      const res = await get(slug, `/api/v1/tenant/${slug}/marketplace/offers?limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data as typeof listed;
      expect(page.length, slug).toBeGreaterThanOrEqual(4);
      for (const offer of page) {
        expect(offer.bannerUrl, offer.slug).toBeTruthy();
        const banner = await get(slug, offer.bannerUrl!);
        expect(banner.statusCode, offer.slug).toBe(200);
        expect(banner.headers['content-type']).toBe('image/webp');
        expect(isWebp(banner.rawPayload), offer.slug).toBe(true);
      }
      listed.push(...page);
    }
    expect(listed.length).toBeGreaterThanOrEqual(12);
    expect(listed.length).toBeLessThanOrEqual(20);
    expect(new Set(listed.map((o) => o.assetClass)).size).toBeGreaterThanOrEqual(4);
  });

  it('gives every institution a WebP logo on the marketplace', async () => {
    for (const slug of ['demo', 'northwind']) {
      const res = await get(slug, `/api/v1/tenant/${slug}/marketplace/institutions?limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().data as { name: string; logoUrl: string | null }[];
      expect(list.length).toBeGreaterThanOrEqual(2);
      for (const inst of list) {
        const logo = await get(slug, inst.logoUrl!);
        expect(logo.headers['content-type'], inst.name).toBe('image/webp');
        expect(isWebp(logo.rawPayload), inst.name).toBe(true);
      }
    }
  });

  it('has offers at every step of the lifecycle, with valid rich text, classes within limits and dates in order', async () => {
    const rows = await t.app.db.select().from(offers).where(inArray(offers.tenantId, tenantIds));
    expect(new Set(rows.map((r) => r.approvalStatus))).toEqual(new Set(['pending', 'approved', 'rejected']));
    expect(rows.some((r) => r.approvalStatus === 'approved' && !r.published)).toBe(true);
    const now = Date.now();
    const listed = rows.filter((r) => r.published);
    expect(
      listed.some((r) => r.openDate! > new Date(now)),
      'upcoming',
    ).toBe(true);
    expect(
      listed.some((r) => r.closeDate! < new Date(now)),
      'closed',
    ).toBe(true);
    expect(
      listed.some((r) => r.openDate! < new Date(now) && r.closeDate! > new Date(now)),
      'open',
    ).toBe(true);
    for (const r of rows) {
      expect(sanitizeRichText(r.description), r.slug).toBe(r.description);
      expect(offerAssetClass.safeParse(r.assetClass).success, r.slug).toBe(true);
      if (r.openDate && r.closeDate) expect(r.openDate < r.closeDate, r.slug).toBe(true);
      // Published offers meet the publishing rule: approved, and the four required documents.
      if (r.published) expect([r.approvalStatus, r.documents.length], r.slug).toEqual(['approved', 4]);
    }
    const insts = await t.app.db.select().from(institutions).where(inArray(institutions.tenantId, tenantIds));
    for (const i of insts) expect(sanitizeRichText(i.description), i.slug).toBe(i.description);
  });

  it('stores every offer document as a PDF with the offer and sponsor on it', async () => {
    const rows = await t.app.db.select().from(documents).where(inArray(documents.tenantId, tenantIds));
    expect(rows.length).toBeGreaterThanOrEqual(4 * 12);
    for (const row of rows) {
      expect(row.mimeType).toBe('application/pdf');
      const pdf = await PDFDocument.load((await stored(row.storageKey))!);
      expect(pdf.getPageCount(), row.originalName ?? '').toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toMatch(new RegExp(`^${row.name} - `));
    }
  });

  it("gives the demo tenant's dashboard the two lender cards and the investor-inquiry card, and Northwind none", async () => {
    const demo = (await get('demo', '/api/v1/tenant/demo/public')).json().data.branding.messaging as BrandingMessaging;
    const cards = demo.promoCards.filter((c) => !c.hidden);
    expect(cards.map((c) => [c.title, c.buttons.map((b) => b.label)])).toEqual([
      ['Conventional Loan', ['Learn More', 'Apply Now']],
      ['SBA Loan', ['Learn More', 'Apply Now']],
      ['Invest in Tessera', ['Contact Us']],
    ]);
    expect(cards[0]!.body).toMatch(/6-8%[\s\S]*75% loan-to-value[\s\S]*\$15M/);
    expect(cards[1]!.body).toMatch(/Prime \+ 2%[\s\S]*90% loan-to-value[\s\S]*\$5M/);
    expect(cards[2]!.body).toContain('raising a round at the end of 2025');
    // What the owner's editor saves must hold what the seed wrote.
    expect(brandingMessaging.safeParse(demo).success).toBe(true);
    // Learn More of the conventional loan opens the lender's marketplace page.
    const lender = await get('demo', `/api/v1/tenant/demo/marketplace/institutions/${cards[0]!.buttons[0]!.url.split('/').pop()}`);
    expect(lender.statusCode, lender.body).toBe(200);
    const northwind = (await get('northwind', '/api/v1/tenant/northwind/public')).json().data.branding.messaging as BrandingMessaging;
    expect(northwind.promoCards).toEqual([]);
  });

  it('creates the demo accounts with their investor onboarding done', async () => {
    const accounts = await t.app.db
      .select({ email: users.email, status: users.onboardingStatus, stage: users.investOnboardingStage })
      .from(users)
      .where(inArray(users.email, ['owner@demo.tessera.local', 'investor@demo.tessera.local']));
    expect(accounts).toHaveLength(2);
    for (const a of accounts) expect([a.email, a.status, a.stage]).toEqual([a.email, 'complete', 'complete']);
  });

  it("puts the demo investor's application, submitted by license, in the demo owner's 'To review'", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/application?scope=tenant&status=submitted',
      headers: await ownerHeaders(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject([{ userEmail: 'investor@demo.tessera.local', verificationMethod: 'license' }]);
  });

  it("gives the demo institution a living CRM: leads of several origins, notes, the demo investor's account", async () => {
    const headers = await ownerHeaders();
    const [summit] = await t.app.db.select().from(institutions).where(eq(institutions.slug, DEMO_LEADS_INSTITUTION));
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/tenant/demo/leads?institution=${summit!.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const leads = res.json().data as TenantLeadRow[];
    expect(leads.length).toBeGreaterThanOrEqual(5);
    expect(new Set(leads.map((l) => l.origin)).size).toBeGreaterThanOrEqual(4);
    expect(leads.some((l) => l.notesCount > 0)).toBe(true);
    expect(leads.find((l) => l.email === 'investor@demo.tessera.local')).toMatchObject({ accountStatus: 'active', origin: 'marketplace' });
  });

  it('gives both demo marketplaces three months of visits, counted in their dashboards', async () => {
    const headers = await ownerHeaders();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/tenant/${t.tenants.demo.id}/dashboard`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const { analytics, topOffers } = res.json().data as {
      analytics: { points: { impressions: number }[]; totals: Record<string, number> };
      topOffers: unknown[];
    };
    // The default window (a month by day): visits on most days, in a funnel, by recurring visitors.
    expect(analytics.points.filter((p) => p.impressions > 0).length).toBeGreaterThanOrEqual(25);
    const totals = analytics.totals;
    expect(totals.impressions!).toBeGreaterThan(totals.views!);
    expect(totals.views!).toBeGreaterThan(totals.documentViews!);
    expect(totals.documentViews!).toBeGreaterThan(0);
    expect(totals.ctaClicks!).toBeGreaterThan(0);
    expect(totals.visitors!).toBeGreaterThan(50);
    expect(totals.visitors!).toBeLessThanOrEqual(180);
    expect(topOffers.length).toBeGreaterThanOrEqual(3);
    // Northwind's marketplace has its own.
    const counted = (await t.app.db.execute(
      sql`select count(*)::int as n from analytics_events where tenant_id = ${tenantIds[1]!}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(counted.rows[0]!.n).toBeGreaterThan(1000);
  });

  it('gives every team member a WebP portrait', async () => {
    const team = await t.app.db
      .selectDistinct({ id: users.id, image: users.image })
      .from(roleAssignments)
      .innerJoin(users, eq(users.id, roleAssignments.userId))
      .where(and(inArray(roleAssignments.tenantId, tenantIds), isNotNull(roleAssignments.entityId)));
    expect(team.length).toBeGreaterThanOrEqual(10);
    for (const member of team) {
      expect(member.image, member.id).toMatch(/^\/api\/v1\/user\/[0-9a-f]{24}\/image\/[0-9a-f]{24}$/);
      const [, , , , userId, , imageId] = member.image!.split('/');
      const data =
        (await stored(`user-images/${tenantIds[0]}/${userId}/${imageId}`)) ??
        (await stored(`user-images/${tenantIds[1]}/${userId}/${imageId}`));
      expect(isWebp(data!), member.id).toBe(true);
    }
  });
});
