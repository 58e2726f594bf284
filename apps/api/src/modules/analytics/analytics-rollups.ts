import {
  ANALYTICS_METRIC_EVENTS,
  ANALYTICS_NOT_VISITS,
  DASHBOARD_BUCKETS_MAX,
  DEFAULT_DASHBOARD_PRESET,
  dashboardBuckets,
  presetRange,
  type AnalyticsCounts,
  type AnalyticsEventType,
  type AnalyticsRanked,
  type AnalyticsRollupScale,
  type AnalyticsRollupScope,
  type AnalyticsSeries,
  countsAsVisit,
} from '@tessera/domain';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analyticsRollups, analyticsVisitors, institutions, offers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Analytics rollups (#25): per tenant, institution and offer, per UTC hour, day and month. Each batch of events adds
 * its counts in the transaction that stores it, in two statements whatever its size (the new visitors, then the
 * counts); dashboards read a few rows per bucket instead of scanning raw events. Who is a visitor of a scope is
 * countsAsVisit's rule (@tessera/domain).
 */

export const ROLLUP_SCALES: readonly AnalyticsRollupScale[] = ['hour', 'day', 'month'];

/** The event a rollup needs: when, who (tid), what, and where it points. */
export interface RollupEvent {
  tid: string;
  type: AnalyticsEventType;
  createdAt: Date;
  offerId: string | null;
  /** The event's institution, else its offer's. */
  institutionId: string | null;
}

type CountColumn = 'events' | 'impressions' | 'views' | 'documentViews' | 'documentDownloads' | 'ctaClicks';
const METRIC_OF_TYPE = new Map<AnalyticsEventType, Exclude<CountColumn, 'events'>>();
for (const [metric, types] of Object.entries(ANALYTICS_METRIC_EVENTS))
  for (const type of types) METRIC_OF_TYPE.set(type, metric as Exclude<CountColumn, 'events'>);

/** The start of the UTC bucket of `scale` holding `at`. */
export function bucketStart(at: Date, scale: AnalyticsRollupScale): Date {
  const d = new Date(at);
  d.setUTCMinutes(0, 0, 0);
  if (scale !== 'hour') d.setUTCHours(0);
  if (scale === 'month') d.setUTCDate(1);
  return d;
}

interface RollupRow {
  tenantId: string;
  scope: AnalyticsRollupScope;
  scopeId: string;
  scale: AnalyticsRollupScale;
  bucket: Date;
  events: number;
  impressions: number;
  views: number;
  documentViews: number;
  documentDownloads: number;
  ctaClicks: number;
  visitors: number;
  newVisitors: number;
}

const keyOf = (scope: string, scopeId: string, scale: string, bucket: Date) => `${scope}|${scopeId}|${scale}|${bucket.toISOString()}`;

interface VisitorKey {
  scope: AnalyticsRollupScope;
  scopeId: string;
  scale: AnalyticsRollupScale;
  bucket: Date;
  tid: string;
}
interface FirstVisit {
  scope: AnalyticsRollupScope;
  scopeId: string;
  tid: string;
  /** The batch's earliest visit of the scope by this tid: the buckets a first visit counts in. */
  at: Date;
}

/** Sorted by key, so concurrent batches take the rows' locks in the same order (no deadlock between two nodes). */
const inKeyOrder = <T>(entries: Map<string, T>): T[] => [...entries.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Adds recorded events to the rollups (call inside the transaction that stores them). The rows go as one JSON
 * parameter each (jsonb_to_recordset), not as a bound value per cell: a batch of 50 events makes a few hundred
 * rollup and visitor rows, and building and sending thousands of parameters cost more than the writes (#25 bench).
 */
export async function addToRollups(tx: DbOrTx, tenantId: string, events: readonly RollupEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = new Map<string, RollupRow>();
  const visitors = new Map<string, VisitorKey>();
  const firstVisits = new Map<string, FirstVisit>();
  for (const event of events) {
    const scopes: [AnalyticsRollupScope, string][] = [['tenant', tenantId]];
    if (event.institutionId) scopes.push(['institution', event.institutionId]);
    if (event.offerId) scopes.push(['offer', event.offerId]);
    const metric = METRIC_OF_TYPE.get(event.type);
    for (const [scope, scopeId] of scopes) {
      const visit = countsAsVisit(scope, event.type);
      if (visit) {
        const key = `${scope}|${scopeId}|${event.tid}`;
        const first = firstVisits.get(key);
        if (!first) firstVisits.set(key, { scope, scopeId, tid: event.tid, at: event.createdAt });
        else if (event.createdAt < first.at) first.at = event.createdAt;
      }
      for (const scale of ROLLUP_SCALES) {
        const bucket = bucketStart(event.createdAt, scale);
        const key = keyOf(scope, scopeId, scale, bucket);
        let row = rows.get(key);
        if (!row) {
          row = {
            tenantId,
            scope,
            scopeId,
            scale,
            bucket,
            events: 0,
            impressions: 0,
            views: 0,
            documentViews: 0,
            documentDownloads: 0,
            ctaClicks: 0,
            visitors: 0,
            newVisitors: 0,
          };
          rows.set(key, row);
        }
        row.events += 1;
        if (metric) row[metric] += 1;
        if (visit) visitors.set(`${key}|${event.tid}`, { scope, scopeId, scale, bucket, tid: event.tid });
      }
    }
  }
  // One statement for both sets: the tids new to a bucket, then those new to the scope (each table in key order).
  const added = rowsOf<{
    kind: 'bucket' | 'scope';
    scope: string;
    scopeId: string;
    scale: string | null;
    bucket: Date | string | null;
    tid: string | null;
  }>(
    await tx.execute(sql`with
      new_in_bucket as (
        insert into analytics_visitors (tenant_id, scope, scope_id, scale, bucket, tid)
        select ${tenantId}, v.scope, v."scopeId", v.scale, v.bucket, v.tid
        from jsonb_to_recordset(${JSON.stringify(inKeyOrder(visitors))}::jsonb) as v(scope text, "scopeId" text, scale text, bucket timestamptz, tid text)
        on conflict do nothing
        returning scope, scope_id, scale, bucket),
      new_in_scope as (
        insert into analytics_first_visits (tenant_id, scope, scope_id, tid)
        select ${tenantId}, f.scope, f."scopeId", f.tid
        from jsonb_to_recordset(${JSON.stringify(inKeyOrder(firstVisits))}::jsonb) as f(scope text, "scopeId" text, tid text)
        on conflict do nothing
        returning scope, scope_id, tid)
      select 'bucket' as kind, scope, scope_id as "scopeId", scale, bucket, null as tid from new_in_bucket
      union all
      select 'scope', scope, scope_id, null, null, tid from new_in_scope`),
  );
  for (const v of added) {
    if (v.kind === 'bucket') {
      const row = rows.get(keyOf(v.scope, v.scopeId, v.scale!, new Date(v.bucket!)));
      if (row) row.visitors += 1;
    } else {
      const first = firstVisits.get(`${v.scope}|${v.scopeId}|${v.tid}`);
      if (!first) continue;
      for (const scale of ROLLUP_SCALES) {
        const row = rows.get(keyOf(first.scope, first.scopeId, scale, bucketStart(first.at, scale)));
        if (row) row.newVisitors += 1;
      }
    }
  }
  const sortedRows = inKeyOrder(rows);
  const add = (column: string) => sql.raw(`"analytics_rollups"."${column}" + excluded."${column}"`);
  await tx
    .insert(analyticsRollups)
    .select(
      sql`select ${tenantId}, r.scope, r."scopeId", r.scale, r.bucket, r.events, r.impressions, r.views, r."documentViews",
          r."documentDownloads", r."ctaClicks", r.visitors, r."newVisitors"
        from jsonb_to_recordset(${JSON.stringify(sortedRows)}::jsonb) as r(scope text, "scopeId" text, scale text, bucket timestamptz,
          events int, impressions int, views int, "documentViews" int, "documentDownloads" int, "ctaClicks" int, visitors int, "newVisitors" int)`,
    )
    .onConflictDoUpdate({
      target: [
        analyticsRollups.tenantId,
        analyticsRollups.scope,
        analyticsRollups.scopeId,
        analyticsRollups.scale,
        analyticsRollups.bucket,
      ],
      set: {
        events: add('events'),
        impressions: add('impressions'),
        views: add('views'),
        documentViews: add('document_views'),
        documentDownloads: add('document_downloads'),
        ctaClicks: add('cta_clicks'),
        visitors: add('visitors'),
        newVisitors: add('new_visitors'),
      },
    });
}

/**
 * The rollups of raw events, rebuilt from `analytics_events` (for one tenant, or all): what migrations 0027 and 0028
 * run for stored events, and what the bench's scale seed runs after a bulk insert. Run it inside withCrossTenant for
 * all tenants. A rebuild counts a first visit in the bucket of the tid's earliest event; batches count it where they
 * first recorded it, the same bucket unless events are recorded out of time order (sums over a scope agree anyway).
 */
export async function rebuildAnalyticsRollups(db: DbOrTx, tenantId?: string): Promise<void> {
  const only = tenantId ? sql`and e.tenant_id = ${tenantId}` : sql``;
  const mine = tenantId ? sql`tenant_id = ${tenantId}` : sql`true`;
  await db.execute(sql`delete from analytics_visitors where ${mine}`);
  await db.execute(sql`delete from analytics_first_visits where ${mine}`);
  await db.execute(sql`delete from analytics_rollups where ${mine}`);
  const events = scopedEvents(only);
  await db.execute(sql`insert into analytics_visitors (tenant_id, scope, scope_id, scale, bucket, tid)
    select distinct x.tenant_id, x.scope, x.scope_id, sc.scale, ${bucketOf(sql`x.created_at`)}, x.tid
    from (${events}) x cross join ${scales} where x.visit`);
  await db.execute(sql`insert into analytics_first_visits (tenant_id, scope, scope_id, tid)
    select x.tenant_id, x.scope, x.scope_id, x.tid from (${events}) x where x.visit group by 1, 2, 3, 4`);
  await db.execute(sql`insert into analytics_rollups
      (tenant_id, scope, scope_id, scale, bucket, events, impressions, views, document_views, document_downloads, cta_clicks, visitors,
        new_visitors)
    select r.*, coalesce(n.new_visitors, 0) from (
      select x.tenant_id, x.scope, x.scope_id, sc.scale, ${bucketOf(sql`x.created_at`)} as bucket, count(*),
        ${countOf('impressions')}, ${countOf('views')}, ${countOf('documentViews')}, ${countOf('documentDownloads')}, ${countOf('ctaClicks')},
        count(distinct x.tid) filter (where x.visit)
      from (${events}) x cross join ${scales}
      group by 1, 2, 3, 4, 5) r
    left join (
      select f.tenant_id, f.scope, f.scope_id, sc.scale, ${bucketOf(sql`f.first_at`)} as bucket, count(*)::int as new_visitors
      from (select x.tenant_id, x.scope, x.scope_id, min(x.created_at) as first_at from (${events}) x where x.visit
        group by x.tenant_id, x.scope, x.scope_id, x.tid) f cross join ${scales}
      group by 1, 2, 3, 4, 5) n using (tenant_id, scope, scope_id, scale, bucket)`);
}

const scales = sql`(values ('hour'), ('day'), ('month')) as sc(scale)`;
const bucketOf = (at: ReturnType<typeof sql>) => sql`(date_trunc(sc.scale, ${at} at time zone 'UTC') at time zone 'UTC')`;
const notVisits = sql.raw(ANALYTICS_NOT_VISITS.map((t) => `'${t}'`).join(', '));

function countOf(metric: keyof typeof ANALYTICS_METRIC_EVENTS) {
  return sql.raw(`count(*) filter (where x.type in (${ANALYTICS_METRIC_EVENTS[metric].map((t) => `'${t}'`).join(', ')}))`);
}

/** Every raw event once per scope it counts for, and whether it makes its tid a visitor there (countsAsVisit). */
function scopedEvents(only: ReturnType<typeof sql>) {
  return sql`select e.tenant_id, s.scope, s.scope_id, e.tid, e.type, e.created_at,
      (s.scope = 'tenant' or e.type not in (${notVisits})) as visit
    from analytics_events e
    left join offers o on o.tenant_id = e.tenant_id and o.id = e.offer_id
    cross join lateral (values ('tenant', e.tenant_id), ('institution', coalesce(e.institution_id, o.institution_id)), ('offer', e.offer_id)) as s(scope, scope_id)
    where s.scope_id is not null ${only}`;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

export interface SeriesRequest {
  tenantId: string;
  scope: AnalyticsRollupScope;
  scopeId: string;
  start: Date;
  end: Date;
  scale: AnalyticsRollupScale;
}

export const emptyCounts = (): AnalyticsCounts => ({
  impressions: 0,
  visitors: 0,
  views: 0,
  documentViews: 0,
  documentDownloads: 0,
  ctaClicks: 0,
});

const countColumns = {
  impressions: analyticsRollups.impressions,
  visitors: analyticsRollups.visitors,
  views: analyticsRollups.views,
  documentViews: analyticsRollups.documentViews,
  documentDownloads: analyticsRollups.documentDownloads,
  ctaClicks: analyticsRollups.ctaClicks,
};

function windowOf(r: { tenantId: string; scope: AnalyticsRollupScope; scale: AnalyticsRollupScale; start: Date; end: Date }) {
  return and(
    eq(analyticsRollups.tenantId, r.tenantId),
    eq(analyticsRollups.scope, r.scope),
    eq(analyticsRollups.scale, r.scale),
    gte(analyticsRollups.bucket, bucketStart(r.start, r.scale)),
    lte(analyticsRollups.bucket, r.end),
  );
}

/**
 * Distinct tids over the window's buckets, per scope id: unique visitors counted once across bucket boundaries.
 * A DISTINCT subquery rather than count(distinct): PostgreSQL hashes it instead of sorting every row of the window
 * (30 days of a tenant with 1,000,000 events: 26 ms → 5 ms; #25 bench).
 */
async function distinctVisitors(db: DbOrTx, r: Omit<SeriesRequest, 'scopeId'>, scopeIds: string[]): Promise<Map<string, number>> {
  if (scopeIds.length === 0) return new Map();
  const seen = db
    .selectDistinct({ scopeId: analyticsVisitors.scopeId, tid: analyticsVisitors.tid })
    .from(analyticsVisitors)
    .where(
      and(
        eq(analyticsVisitors.tenantId, r.tenantId),
        eq(analyticsVisitors.scope, r.scope),
        inArray(analyticsVisitors.scopeId, scopeIds),
        eq(analyticsVisitors.scale, r.scale),
        gte(analyticsVisitors.bucket, bucketStart(r.start, r.scale)),
        lte(analyticsVisitors.bucket, r.end),
      ),
    )
    .as('seen');
  const rows = await db.select({ scopeId: seen.scopeId, visitors: sql<number>`count(*)::int` }).from(seen).groupBy(seen.scopeId);
  return new Map(rows.map((row) => [row.scopeId, row.visitors]));
}

/**
 * One point per bucket of the window (zeros where nothing happened) and the window's totals, in two statements run
 * together: the window's rollups, and its unique visitors (windowVisitors).
 */
export async function readAnalyticsSeries(db: DbOrTx, r: SeriesRequest): Promise<AnalyticsSeries> {
  const [rows, visitors] = await Promise.all([
    db
      .select({ bucket: analyticsRollups.bucket, ...countColumns })
      .from(analyticsRollups)
      .where(and(windowOf(r), eq(analyticsRollups.scopeId, r.scopeId))),
    windowVisitors(db, r),
  ]);
  const byBucket = new Map(rows.map(({ bucket, ...counts }) => [new Date(bucket).toISOString(), counts]));
  const totals = emptyCounts();
  const points = dashboardBuckets(r.start, r.end, r.scale).map((bucket) => {
    const counts = byBucket.get(bucket) ?? emptyCounts();
    for (const key of Object.keys(totals) as (keyof AnalyticsCounts)[]) totals[key] += counts[key];
    return { bucket, ...counts };
  });
  totals.visitors = visitors;
  return { scale: r.scale, start: r.start.toISOString(), end: r.end.toISOString(), points, totals };
}

/**
 * A scope's unique visitors over a window, in one statement. With no rollup of the scope outside the window (all
 * time; a young offer) they are the sum of its buckets' `new_visitors`; otherwise distinct tids over the window's
 * visitor sets. CASE evaluates only the branch it takes (each subquery is an InitPlan, run when first needed).
 */
async function windowVisitors(db: DbOrTx, r: SeriesRequest): Promise<number> {
  const start = sql`${bucketStart(r.start, r.scale).toISOString()}::timestamptz`;
  const end = sql`${r.end.toISOString()}::timestamptz`;
  const scope = sql`tenant_id = ${r.tenantId} and scope = ${r.scope} and scope_id = ${r.scopeId} and scale = ${r.scale}`;
  const result = await db.execute(sql`select (case
      when exists(select 1 from analytics_rollups where ${scope} and bucket < ${start})
        or exists(select 1 from analytics_rollups where ${scope} and bucket > ${end})
      then (select count(*) from (select distinct tid from analytics_visitors where ${scope} and bucket >= ${start} and bucket <= ${end}) seen)
      else (select coalesce(sum(new_visitors), 0) from analytics_rollups where ${scope} and bucket >= ${start} and bucket <= ${end})
    end)::int as visitors`);
  return rowsOf<{ visitors: number }>(result)[0]?.visitors ?? 0;
}

/** Everything since the first event (monthly rollups; unique visitors as the sum of their first visits). */
export async function readAllTimeCounts(db: DbOrTx, r: Omit<SeriesRequest, 'start' | 'end' | 'scale'>): Promise<AnalyticsCounts> {
  const where = and(
    eq(analyticsRollups.tenantId, r.tenantId),
    eq(analyticsRollups.scope, r.scope),
    eq(analyticsRollups.scopeId, r.scopeId),
    eq(analyticsRollups.scale, 'month'),
  );
  const sum = (c: (typeof countColumns)[keyof typeof countColumns] | typeof analyticsRollups.newVisitors) =>
    sql<number>`coalesce(sum(${c}), 0)::int`;
  const [row] = await db
    .select({
      impressions: sum(analyticsRollups.impressions),
      visitors: sum(analyticsRollups.newVisitors),
      views: sum(analyticsRollups.views),
      documentViews: sum(analyticsRollups.documentViews),
      documentDownloads: sum(analyticsRollups.documentDownloads),
      ctaClicks: sum(analyticsRollups.ctaClicks),
    })
    .from(analyticsRollups)
    .where(where);
  return { ...emptyCounts(), ...row };
}

/** The offers or institutions with the most impressions (then views) in the window, with their names and totals. */
export async function rankAnalytics(
  db: DbOrTx,
  r: { tenantId: string; scope: 'offer' | 'institution'; start: Date; end: Date; scale: AnalyticsRollupScale; limit: number },
): Promise<AnalyticsRanked[]> {
  const sum = (c: (typeof countColumns)[keyof typeof countColumns] | typeof analyticsRollups.newVisitors) => sql<number>`sum(${c})::int`;
  const impressions = sum(analyticsRollups.impressions);
  const views = sum(analyticsRollups.views);
  const probe = (bucket: ReturnType<typeof sql>) => sql`exists(select 1 from analytics_rollups o where o.tenant_id = ${r.tenantId}
    and o.scope = ${r.scope} and o.scope_id = ${analyticsRollups.scopeId} and o.scale = ${r.scale} and ${bucket})`;
  const top = await db
    .select({
      id: analyticsRollups.scopeId,
      impressions,
      views,
      documentViews: sum(analyticsRollups.documentViews),
      documentDownloads: sum(analyticsRollups.documentDownloads),
      ctaClicks: sum(analyticsRollups.ctaClicks),
      newVisitors: sum(analyticsRollups.newVisitors),
      // Whether it has rollups before or after the window (two index probes; computed after the LIMIT).
      outside: sql<boolean>`(${probe(sql`o.bucket < ${bucketStart(r.start, r.scale).toISOString()}::timestamptz`)}
        or ${probe(sql`o.bucket > ${r.end.toISOString()}::timestamptz`)})`,
    })
    .from(analyticsRollups)
    .where(windowOf(r))
    .groupBy(analyticsRollups.scopeId)
    .orderBy(desc(impressions), desc(views), analyticsRollups.scopeId)
    .limit(r.limit);
  if (top.length === 0) return [];
  const ids = top.map((t) => t.id);
  const table = r.scope === 'offer' ? offers : institutions;
  // Those with no rollup outside the window (all time; a young offer) count their first visits; the others a DISTINCT.
  const [names, visitors] = await Promise.all([
    db
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(and(eq(table.tenantId, r.tenantId), inArray(table.id, ids))),
    distinctVisitors(
      db,
      r,
      top.filter((t) => t.outside).map((t) => t.id),
    ),
  ]);
  for (const t of top) if (!t.outside) visitors.set(t.id, t.newVisitors);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  // An offer or institution deleted since keeps its rollups but has no name: it is left out.
  return top
    .filter((t) => nameOf.has(t.id))
    .map(({ id, newVisitors: _, outside: __, ...counts }) => ({
      _id: id,
      name: nameOf.get(id)!,
      totals: { ...counts, visitors: visitors.get(id) ?? 0 },
    }));
}

/**
 * A dashboard's window: start, end and scale as asked, or the default preset (the last month by day, ending now).
 * A window of more than DASHBOARD_BUCKETS_MAX buckets is refused (400).
 */
export function dashboardWindow(
  q: { start?: string | undefined; end?: string | undefined; scale?: AnalyticsRollupScale | undefined },
  now: Date,
): { start: Date; end: Date; scale: AnalyticsRollupScale } {
  if (!q.start || !q.end || !q.scale) return presetRange(DEFAULT_DASHBOARD_PRESET, now);
  const window = { start: new Date(q.start), end: new Date(q.end), scale: q.scale };
  const buckets = dashboardBuckets(window.start, window.end, window.scale).length;
  if (buckets > DASHBOARD_BUCKETS_MAX) {
    throw new AppError(
      'bad-request',
      `The window holds ${buckets} ${window.scale} buckets; at most ${DASHBOARD_BUCKETS_MAX}: pick a shorter window or a larger scale`,
    );
  }
  return window;
}
