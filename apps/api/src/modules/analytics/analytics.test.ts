import {
  ANALYTICS_METRIC_EVENTS,
  analyticsEventType,
  countsAsVisit,
  dashboardPresets,
  presetRange,
  type AnalyticsEventType,
  type AnalyticsRollupScale,
  type DashboardPreset,
  type TenantDashboard,
} from '@tessera/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCrossTenant, withTenant } from '../../db/scope.ts';
import { analyticsEvents, analyticsRollups, offers } from '../../db/schema/index.ts';
import { MemoryDedupeStore, type DedupeStore } from '../../lib/dedupe-store.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, insertInstitution, signUp, type SignedUp } from '../../../test/factories.ts';
import { bucketStart } from './analytics-rollups.ts';
import { AnalyticsWriter } from './analytics-writer.ts';
import { recordAnalyticsBatch, storeAnalyticsEvents, type AnalyticsEventRow } from './analytics.service.ts';
import { deleteExpiredAnalytics, rankAnalytics, readAllTimeCounts, readAnalyticsSeries, rebuildAnalyticsRollups } from './index.ts';

let t: TestApp;
let owner: SignedUp;
let member: SignedUp;
let globexOwner: SignedUp;
let acme: string;
let fund: string;
let bank: string;
let harbor: string;
let quay: string;
let pier: string;

async function createOffer(institutionId: string, name: string): Promise<string> {
  const id = newId();
  await t.app.db
    .insert(offers)
    .values({ tenantId: acme, id, institutionId, name, slug: `${name.toLowerCase().replace(/ /g, '-')}-${id.slice(-6)}` });
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = t.tenants.acme.id;
  owner = await signUp(t.app, 'acme', { role: 'owner' });
  member = await signUp(t.app, 'acme');
  globexOwner = await signUp(t.app, 'globex', { role: 'owner' });
  fund = await insertInstitution(t.app, acme, 'Harbor Fund');
  bank = await insertInstitution(t.app, acme, 'Quay Bank');
  harbor = await createOffer(fund, 'Harbor Lofts');
  quay = await createOffer(fund, 'Quay Yards');
  pier = await createOffer(bank, 'Pier Notes');
});
afterAll(async () => {
  await t?.close();
});

/** A dedupe store that never drops: the property test checks the rollups, not the dedupe rule. */
const keepAll: DedupeStore = { claim: async (keys) => keys.map(() => true), release: async () => {} };

/** mulberry32: a small seeded PRNG, so a failure is reproducible from its seed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const post = (payload: unknown, headers: Record<string, string> = {}, slug = 'acme') =>
  t.app.inject({ method: 'POST', url: '/api/v1/analytics', headers: { host: hostOf(slug), ...headers }, payload: payload as object });

describe('rollups', () => {
  it('match counts computed from the raw events, for random streams across hour, day and month boundaries in any UTC offset', async () => {
    const tenant = t.tenants.globex.id;
    const globexFund = await insertInstitution(t.app, tenant, 'Globex Fund');
    const globexOffers: { id: string; institution: string }[] = [];
    for (const name of ['Alpha', 'Beta']) {
      const id = newId();
      await t.app.db.insert(offers).values({ tenantId: tenant, id, institutionId: globexFund, name, slug: `${name}-${id.slice(-6)}` });
      globexOffers.push({ id, institution: globexFund });
    }
    const otherInstitution = await insertInstitution(t.app, tenant, 'Globex Bank');
    // Instants on and around bucket boundaries, written in several offsets: all bucket by their UTC instant.
    const instants = [
      '2026-01-31T23:59:59.999Z',
      '2026-02-01T00:00:00.000Z',
      '2026-01-31T19:30:00-05:00', // 2026-02-01T00:30Z
      '2026-02-28T23:00:00+01:00', // 22:00Z on the 28th
      '2026-03-01T00:59:59+01:00', // 23:59:59Z on Feb 28
      '2026-03-01T05:45:00+05:45', // midnight UTC
      '2026-03-01T12:00:00Z',
      '2026-03-29T01:30:00+01:00',
      '2026-12-31T23:30:00-08:00', // 2027-01-01T07:30Z
    ].map((s) => new Date(s));
    const types = analyticsEventType.options;
    const tids = ['tid-aaaaaaaa', 'tid-bbbbbbbb', 'tid-cccccccc', 'tid-dddddddd', 'tid-eeeeeeee'];
    const seed = 250_125;
    const random = prng(seed);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    for (let batch = 0; batch < 30; batch++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
        const target = random();
        const offer = target < 0.5 ? pick(globexOffers) : null;
        return {
          type: pick(types),
          tid: pick(tids),
          ...(offer ? { offer: offer.id } : {}),
          ...(target >= 0.5 && target < 0.7 ? { institution: otherInstitution } : {}),
          client: { path: `/p/${Math.floor(random() * 3)}` },
        };
      });
      await withTenant(tenant, () =>
        recordAnalyticsBatch(
          { db: t.app.db, dedupe: keepAll },
          { tenantId: tenant, userId: null, userAgent: 'vitest', items, now: pick(instants) },
        ),
      );
    }

    const raw = await withTenant(tenant, async () => t.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.tenantId, tenant)));
    expect(raw.length, `seed ${seed}`).toBeGreaterThan(50);
    const institutionOf = new Map(globexOffers.map((o) => [o.id, o.institution]));
    const scopesOf = (e: (typeof raw)[number]): [string, string][] => {
      const institution = e.institutionId ?? (e.offerId ? institutionOf.get(e.offerId) : undefined);
      return [
        ['tenant', tenant],
        ...(institution ? [['institution', institution] as [string, string]] : []),
        ...(e.offerId ? [['offer', e.offerId] as [string, string]] : []),
      ];
    };
    const metricOf = (type: AnalyticsEventType) =>
      Object.entries(ANALYTICS_METRIC_EVENTS).find(([, list]) => (list as readonly string[]).includes(type))?.[0];
    /** Distinct tids of `events` that are visitors of `scope` (an offer's or institution's: no impression-only tids). */
    const visitorsOf = (scope: 'tenant' | 'institution' | 'offer', events: typeof raw) =>
      new Set(events.filter((e) => countsAsVisit(scope, e.type)).map((e) => e.tid)).size;

    for (const scale of ['hour', 'day', 'month'] as AnalyticsRollupScale[]) {
      for (const [scope, scopeId] of [
        ['tenant', tenant],
        ['institution', globexFund],
        ['institution', otherInstitution],
        ['offer', globexOffers[0]!.id],
      ] as const) {
        const start = new Date('2026-01-31T22:00:00Z');
        const end = new Date('2027-01-01T10:00:00Z');
        if (scale === 'hour') continue; // 8,000 hourly buckets exceed a window; hours are checked below.
        const series = await withTenant(tenant, () =>
          readAnalyticsSeries(t.app.db, { tenantId: tenant, scope, scopeId, start, end, scale }),
        );
        const mine = raw.filter((e) => scopesOf(e).some(([s, id]) => s === scope && id === scopeId));
        for (const point of series.points) {
          const inBucket = mine.filter((e) => bucketStart(e.createdAt, scale).toISOString() === point.bucket);
          const expected = { impressions: 0, views: 0, documentViews: 0, documentDownloads: 0, ctaClicks: 0 } as Record<string, number>;
          for (const e of inBucket) {
            const metric = metricOf(e.type);
            if (metric) expected[metric]! += 1;
          }
          expect({ ...point, bucket: undefined }, `seed ${seed} ${scope} ${scale} ${point.bucket}`).toEqual({
            ...expected,
            visitors: visitorsOf(scope, inBucket),
            bucket: undefined,
          });
        }
        // Visitors over the window are distinct across buckets: not the sum of the points. This window holds every
        // bucket of the scope, so they come from the first visits; the windows below hold some, read as a DISTINCT.
        expect(series.totals.visitors, `seed ${seed} ${scope} ${scale}`).toBe(visitorsOf(scope, mine));
        const allTime = await withTenant(tenant, () => readAllTimeCounts(t.app.db, { tenantId: tenant, scope, scopeId }));
        expect(allTime.visitors, `seed ${seed} ${scope} all time`).toBe(visitorsOf(scope, mine));
        for (const [from, to] of [
          ['2026-02-01T00:00:00Z', '2026-02-28T23:59:59Z'],
          ['2026-01-31T00:00:00Z', '2026-03-01T00:00:00Z'],
          ['2026-03-01T00:00:00Z', '2026-12-31T23:59:59Z'],
        ] as const) {
          const part = await withTenant(tenant, () =>
            readAnalyticsSeries(t.app.db, { tenantId: tenant, scope, scopeId, start: new Date(from), end: new Date(to), scale }),
          );
          // The window holds the buckets from the one holding `from` to the last starting by `to`, whole.
          const first = bucketStart(new Date(from), scale).getTime();
          const inWindow = mine.filter((e) => {
            const bucket = bucketStart(e.createdAt, scale).getTime();
            return bucket >= first && bucket <= new Date(to).getTime();
          });
          expect(part.totals.visitors, `seed ${seed} ${scope} ${scale} ${from}–${to}`).toBe(visitorsOf(scope, inWindow));
        }
      }
      // The rankings count each offer's and institution's visitors the same way, whole window or part of the data.
      for (const [from, to] of [
        ['2026-01-31T22:00:00Z', '2027-01-01T10:00:00Z'],
        ['2026-02-01T00:00:00Z', '2026-02-28T23:59:59Z'],
      ] as const) {
        const window = { tenantId: tenant, start: new Date(from), end: new Date(to), scale, limit: 10 };
        const first = bucketStart(window.start, scale).getTime();
        const inWindow = raw.filter((e) => {
          const bucket = bucketStart(e.createdAt, scale).getTime();
          return bucket >= first && bucket <= window.end.getTime();
        });
        for (const scope of ['offer', 'institution'] as const) {
          const ranked = await withTenant(tenant, () => rankAnalytics(t.app.db, { ...window, scope }));
          if (from.startsWith('2026-01-31')) expect(ranked.length, `${scope} ${scale}`).toBeGreaterThan(0);
          for (const { _id, totals } of ranked) {
            const its = inWindow.filter((e) => scopesOf(e).some(([s, id]) => s === scope && id === _id));
            expect(totals.visitors, `seed ${seed} ranked ${scope} ${scale} ${from}`).toBe(visitorsOf(scope, its));
          }
        }
      }
    }
    // Hours: the 24 hours around the end of February.
    const hours = await withTenant(tenant, () =>
      readAnalyticsSeries(t.app.db, {
        tenantId: tenant,
        scope: 'tenant',
        scopeId: tenant,
        start: new Date('2026-02-28T12:00:00Z'),
        end: new Date('2026-03-01T11:59:59Z'),
        scale: 'hour',
      }),
    );
    expect(hours.points).toHaveLength(24);
    for (const point of hours.points)
      expect(point.visitors, point.bucket).toBe(
        visitorsOf(
          'tenant',
          raw.filter((e) => bucketStart(e.createdAt, 'hour').toISOString() === point.bucket),
        ),
      );
    const inHours = (e: (typeof raw)[number]) =>
      e.createdAt >= new Date('2026-02-28T12:00:00Z') && bucketStart(e.createdAt, 'hour') <= new Date('2026-03-01T11:59:59Z');
    expect(hours.totals.visitors).toBe(visitorsOf('tenant', raw.filter(inHours)));
    const offerHours = await withTenant(tenant, () =>
      readAnalyticsSeries(t.app.db, {
        tenantId: tenant,
        scope: 'offer',
        scopeId: globexOffers[0]!.id,
        start: new Date('2026-02-28T12:00:00Z'),
        end: new Date('2026-03-01T11:59:59Z'),
        scale: 'hour',
      }),
    );
    expect(offerHours.totals.visitors).toBe(
      visitorsOf(
        'offer',
        raw.filter((e) => inHours(e) && e.offerId === globexOffers[0]!.id),
      ),
    );

    // What the batches built is what a rebuild from the raw events (migration 0027's backfill) builds.
    const rollupsOf = () =>
      withCrossTenant('test: every rollup of the tenant', async () =>
        t.app.db
          .select()
          .from(analyticsRollups)
          .where(eq(analyticsRollups.tenantId, tenant))
          .orderBy(asc(analyticsRollups.scope), asc(analyticsRollups.scopeId), asc(analyticsRollups.scale), asc(analyticsRollups.bucket)),
      );
    // A first visit counts where the batches recorded it first: these batches came in random time order, so only the
    // sums of new visitors per scope and scale must agree (each the scope's unique visitors, ever).
    const firstVisits = (rows: Awaited<ReturnType<typeof rollupsOf>>) => {
      const sums = new Map<string, number>();
      for (const row of rows)
        sums.set(`${row.scope}|${row.scopeId}|${row.scale}`, (sums.get(`${row.scope}|${row.scopeId}|${row.scale}`) ?? 0) + row.newVisitors);
      return Object.fromEntries(sums);
    };
    const counts = (rows: Awaited<ReturnType<typeof rollupsOf>>) => rows.map(({ newVisitors: _, ...row }) => row);
    const incremental = await rollupsOf();
    await withCrossTenant('test: rebuild the rollups of one tenant', () => rebuildAnalyticsRollups(t.app.db, tenant));
    const rebuilt = await rollupsOf();
    expect(counts(rebuilt)).toEqual(counts(incremental));
    expect(firstVisits(rebuilt)).toEqual(firstVisits(incremental));
    expect(firstVisits(rebuilt)[`tenant|${tenant}|day`]).toBe(visitorsOf('tenant', raw));
  });

  it('stay right when several batches write the same buckets at once', async () => {
    const tenant = acme;
    const at = new Date('2025-06-15T10:20:00Z');
    const dock = await createOffer(bank, 'Dock Notes');
    // Eight batches of the same ten visitors: every impression and page view counts (no dedupe here), each visitor once.
    const batches = Array.from({ length: 8 }, () =>
      Array.from({ length: 10 }, (_, j) => [
        { type: 'impression', tid: `concurrent-tid-${j}`, offer: dock },
        { type: 'offer-view', tid: `concurrent-tid-${j}`, offer: dock },
      ]).flat(),
    );
    await Promise.all(
      batches.map((items) =>
        withTenant(tenant, () =>
          recordAnalyticsBatch({ db: t.app.db, dedupe: keepAll }, { tenantId: tenant, userId: null, userAgent: 'vitest', items, now: at }),
        ),
      ),
    );
    const series = await withTenant(tenant, () =>
      readAnalyticsSeries(t.app.db, { tenantId: tenant, scope: 'offer', scopeId: dock, start: at, end: at, scale: 'hour' }),
    );
    expect(series.points).toEqual([
      expect.objectContaining({ bucket: '2025-06-15T10:00:00.000Z', impressions: 80, views: 80, visitors: 10 }),
    ]);
    // Each visitor is new to the offer once, whichever batch recorded them first.
    expect(series.totals.visitors).toBe(10);
    const allTime = await withTenant(tenant, () => readAllTimeCounts(t.app.db, { tenantId: tenant, scope: 'offer', scopeId: dock }));
    expect(allTime).toMatchObject({ impressions: 80, views: 80, visitors: 10 });
  });
});

describe('AnalyticsWriter', () => {
  it('writes concurrent batches together, and the rollups still count every event and visitor once', async () => {
    const tenant = acme;
    const at = new Date('2025-07-01T08:10:00Z');
    let writes = 0;
    const writer = new AnalyticsWriter((tenantId, rows) => {
      writes += 1;
      return storeAnalyticsEvents(t.app.db, tenantId, rows);
    });
    // Twelve batches of ten events on two offers from seven visitors; no two events of a batch are the same.
    const batches = Array.from({ length: 12 }, (_, i) =>
      Array.from({ length: 10 }, (_, j) => ({
        type: j % 2 ? 'impression' : 'offer-view',
        tid: `writer-tid-${(i + j) % 7}`,
        offer: j % 3 ? pier : harbor,
      })),
    );
    const answers = await Promise.all(
      batches.map((items) =>
        withTenant(tenant, () =>
          recordAnalyticsBatch(
            { db: t.app.db, dedupe: keepAll, store: writer.write },
            { tenantId: tenant, userId: null, userAgent: 'vitest', items, now: at },
          ),
        ),
      ),
    );
    expect(answers.map((a) => a.result.recorded)).toEqual(batches.map(() => 10));
    expect(writes).toBeLessThan(batches.length);
    const series = await withTenant(tenant, () =>
      readAnalyticsSeries(t.app.db, { tenantId: tenant, scope: 'offer', scopeId: pier, start: at, end: at, scale: 'hour' }),
    );
    // Per batch, pier gets j = 1, 5, 7 as impressions and j = 2, 4, 8 as offer views.
    expect(series.points).toEqual([
      expect.objectContaining({ bucket: '2025-07-01T08:00:00.000Z', impressions: 36, views: 36, visitors: 7 }),
    ]);
  });

  it('writes the batches of a failed shared write one by one, so only the bad one fails', async () => {
    const calls: string[][] = [];
    const writer = new AnalyticsWriter(async (_tenantId, rows) => {
      calls.push(rows.map((r) => r.id));
      await Promise.resolve();
      if (rows.some((r) => r.id === 'bad')) throw new Error('a bad row');
    });
    const row = (id: string) => ({ id }) as AnalyticsEventRow;
    const outcomes = await Promise.allSettled([
      writer.write(acme, [row('a')]),
      writer.write(acme, [row('b')]),
      writer.write(acme, [row('bad')]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    // The first alone (nothing was waiting), the two that waited together, then each of them again.
    expect(calls).toEqual([['a'], ['b', 'bad'], ['b'], ['bad']]);
  });
});

describe('POST /analytics', () => {
  it('drops events from bots, by the request or the event, and counts them', async () => {
    const crawler = await post([{ type: 'view', tid: 'crawler-tid-01', client: { path: '/' } }], {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
    });
    expect(crawler.json().data).toEqual({ ids: [null], recorded: 0, dropped: { invalid: 0, bot: 1, duplicate: 0 } });
    const mixed = await post([
      { type: 'view', tid: 'human-tid-0001', client: { path: '/' } },
      { type: 'view', tid: 'bot-tid-000001', client: { path: '/' }, userAgent: 'facebookexternalhit/1.1' },
    ]);
    expect(mixed.json().data).toMatchObject({ recorded: 1, dropped: { invalid: 0, bot: 1, duplicate: 0 } });
    // Headless Chromium is a person's browser driven by tests and audits: counted.
    const headless = await post(
      { type: 'view', tid: 'headless-tid-01', client: { path: '/' } },
      { 'user-agent': 'Mozilla/5.0 HeadlessChrome/120.0' },
    );
    expect(headless.json().data.recorded).toBe(1);
  });

  it('counts the same tid, type and target once within a second, in a batch, across batches and after a second again', async () => {
    const event = { type: 'offer-view', tid: 'dupe-tid-0001', offer: harbor };
    const first = await post([event, event, { ...event, type: 'impression' }, { ...event, offer: quay }]);
    expect(first.json().data).toMatchObject({ recorded: 3, dropped: { invalid: 0, bot: 0, duplicate: 1 } });
    expect(first.json().data.ids[1]).toBeNull();
    const again = await post(event);
    expect(again.json().data).toMatchObject({ recorded: 0, dropped: { duplicate: 1 } });
    // Another visitor's same event is not a repeat.
    expect((await post({ ...event, tid: 'dupe-tid-0002' })).json().data.recorded).toBe(1);
    // The store forgets a key after the window (a clock of its own here).
    let now = 0;
    const store = new MemoryDedupeStore(() => now);
    expect(await store.claim(['k', 'k2'], 1000)).toEqual([true, true]);
    now = 999;
    expect(await store.claim(['k'], 1000)).toEqual([false]);
    now = 1000;
    expect(await store.claim(['k'], 1000)).toEqual([true]);
  });

  it('forgets the repeat keys of a batch that could not be stored, so its retry is recorded', async () => {
    const dedupe = new MemoryDedupeStore();
    const batch = (now: Date) => ({
      tenantId: acme,
      userId: null,
      userAgent: 'vitest',
      items: [{ type: 'offer-view', tid: 'retry-tid-0001', offer: harbor }],
      now,
    });
    const failing = () => Promise.reject(new Error('database unreachable'));
    await expect(recordAnalyticsBatch({ db: t.app.db, dedupe, store: failing }, batch(new Date()))).rejects.toThrow('database unreachable');
    const retry = await recordAnalyticsBatch({ db: t.app.db, dedupe }, batch(new Date()));
    expect(retry.result).toMatchObject({ recorded: 1, dropped: { duplicate: 0 } });
    // Stored this time: a repeat within the second is dropped again.
    const repeat = await recordAnalyticsBatch({ db: t.app.db, dedupe }, batch(new Date()));
    expect(repeat.result).toMatchObject({ recorded: 0, dropped: { duplicate: 1 } });
  });

  it('records the valid events of a batch with invalid ones, and they reach the rollups', async () => {
    const before = await dashboardOf(owner);
    const res = await post([
      { type: 'impression', tid: 'partial-tid-01', offer: harbor },
      { type: 'impression', tid: 'x' },
      { type: 'nope', tid: 'partial-tid-01' },
      { type: 'cta', tid: 'partial-tid-01', offer: harbor, email: 'leak@example.com' },
      { type: 'document-download', tid: 'partial-tid-01', offer: harbor, document: newId() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ recorded: 2, dropped: { invalid: 3, bot: 0, duplicate: 0 } });
    const after = await dashboardOf(owner);
    expect(after.analytics.totals.impressions - before.analytics.totals.impressions).toBe(1);
    expect(after.analytics.totals.documentDownloads - before.analytics.totals.documentDownloads).toBe(1);
    expect(after.analytics.totals.ctaClicks).toBe(before.analytics.totals.ctaClicks);
  });
});

async function dashboardOf(who: SignedUp, query = '', tenant = 'acme') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/tenant/${tenant}/dashboard${query}`,
    headers: { host: who.host, ...bearer(who.token) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as TenantDashboard;
}

describe('dashboards', () => {
  it('gives each preset its number of buckets', async () => {
    const now = new Date();
    for (const preset of Object.keys(dashboardPresets) as DashboardPreset[]) {
      const { start, end, scale } = presetRange(preset, now);
      const data = await dashboardOf(owner, `?start=${start.toISOString()}&end=${end.toISOString()}&scale=${scale}`);
      expect(data.analytics.points, preset).toHaveLength(dashboardPresets[preset].ticks);
      expect(data.analytics.scale).toBe(dashboardPresets[preset].scale);
    }
    // No window: the last month by day.
    expect((await dashboardOf(owner)).analytics.points).toHaveLength(30);
  });

  it("ranks the tenant's offers and institutions by impressions, with unique visitors per offer", async () => {
    await post([
      { type: 'offer-view', tid: 'rank-tid-0001', offer: pier },
      { type: 'offer-view', tid: 'rank-tid-0002', offer: pier },
      { type: 'impression', tid: 'rank-tid-0001', offer: pier },
      { type: 'impression', tid: 'rank-tid-0002', offer: pier },
      { type: 'impression', tid: 'rank-tid-0003', offer: pier },
      { type: 'impression', tid: 'rank-tid-0004', offer: pier },
      { type: 'impression', tid: 'rank-tid-0005', offer: pier },
      { type: 'impression', tid: 'rank-tid-0001', offer: quay },
    ]);
    const data = await dashboardOf(owner);
    expect(data.topOffers[0]).toMatchObject({ _id: pier, name: 'Pier Notes' });
    // Five saw its card; two opened its page: only they are its visitors.
    expect(data.topOffers[0]!.totals).toMatchObject({ impressions: expect.any(Number), visitors: 2 });
    expect(data.topOffers.length).toBeLessThanOrEqual(5);
    expect(data.topInstitutions.map((i) => i.name)).toContain('Quay Bank');
    // Another tenant's dashboard shows none of it.
    const globex = await dashboardOf(globexOwner, '', 'globex');
    expect(globex.topOffers.map((o) => o._id)).not.toContain(pier);
  });

  it('refuses a bad window, another tenant and a member', async () => {
    for (const bad of [
      '?start=2026-01-01T00:00:00Z',
      '?start=2020-01-01T00:00:00Z&end=2026-01-01T00:00:00Z&scale=hour',
      '?scale=day&start=x&end=y',
    ])
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/tenant/acme/dashboard${bad}`,
            headers: { host: owner.host, ...bearer(owner.token) },
          })
        ).statusCode,
        bad,
      ).toBe(400);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/acme/dashboard',
      headers: { host: hostOf('acme'), ...bearer(globexOwner.token) },
    });
    expect([401, 404]).toContain(foreign.statusCode);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/tenant/${t.tenants.globex.id}/dashboard`,
      headers: { host: owner.host, ...bearer(owner.token) },
    });
    expect(other.statusCode).toBe(404);
    const wrongRole = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tenant/acme/dashboard',
      headers: { host: member.host, ...bearer(member.token) },
    });
    expect(wrongRole.statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('deletes raw events past the retention period and keeps their rollups', async () => {
    const old = new Date('2024-01-10T08:00:00Z');
    await withTenant(acme, () =>
      recordAnalyticsBatch(
        { db: t.app.db, dedupe: keepAll },
        { tenantId: acme, userId: null, userAgent: 'vitest', items: [{ type: 'offer-view', tid: 'old-tid-00001', offer: quay }], now: old },
      ),
    );
    const oldEvents = () =>
      withTenant(acme, async () =>
        t.app.db
          .select()
          .from(analyticsEvents)
          .where(and(eq(analyticsEvents.tenantId, acme), eq(analyticsEvents.tid, 'old-tid-00001'))),
      );
    expect(await oldEvents()).toHaveLength(1);
    const deleted = await deleteExpiredAnalytics(t.app.db, new Date('2025-01-01T00:00:00Z'), 300);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await oldEvents()).toHaveLength(0);
    // Recent events stay.
    expect(await deleteExpiredAnalytics(t.app.db, new Date('2025-01-01T00:00:00Z'), 300)).toBe(0);
    const series = await withTenant(acme, () =>
      readAnalyticsSeries(t.app.db, { tenantId: acme, scope: 'offer', scopeId: quay, start: old, end: old, scale: 'day' }),
    );
    expect(series.totals).toMatchObject({ views: 1, visitors: 1 });
  });
});
