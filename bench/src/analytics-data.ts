import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { withCrossTenant } from '../../apps/api/src/db/scope.ts';
import { rebuildAnalyticsRollups } from '../../apps/api/src/modules/analytics/index.ts';

/** Events per generated visit: ten offer cards seen, a page view, an offer page, its institution, documents, a click. */
const EVENTS_PER_VISIT = 15;
/** Returning visitors: each tracking id comes back for about 1.7 visits over the year of 1,000,000 events. */
const VISITORS = 40_000;
/** Inside ANALYTICS_RETENTION_DAYS (400 by default), so the retention job deletes none of them while the bench runs. */
export const ANALYTICS_SEED_DAYS = 390;

export interface AnalyticsSeed {
  events: number;
  days: number;
  insertMs: number;
  rollupsMs: number;
  analyzeMs: number;
  rollupRows: number;
  visitorRows: number;
}

async function count(db: Db, table: 'analytics_rollups' | 'analytics_visitors', tenantId: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${tenantId}`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return rows[0]?.n ?? 0;
}

/**
 * `events` analytics events of the tenant in one INSERT … SELECT (not through the API), as visits of EVENTS_PER_VISIT
 * events 20 s apart from VISITORS returning tracking ids, spread evenly over the last ANALYTICS_SEED_DAYS, over the
 * tenant's offers and institutions; then its rollups rebuilt from the raw rows (rebuildAnalyticsRollups, as migrations
 * 0027 and 0028 backfill them) and VACUUM ANALYZE. On PostgreSQL pass the owner's connection: VACUUM needs the owner.
 */
export async function insertAnalyticsEvents(db: Db, tenantSlug: string, events: number): Promise<AnalyticsSeed> {
  const tenant = await db.execute(sql`select id from tenants where slug = ${tenantSlug}`);
  const tenantId = (tenant as unknown as { rows: { id: string }[] }).rows[0]?.id;
  if (!tenantId) throw new Error(`no tenant '${tenantSlug}' to seed analytics into`);

  const started = performance.now();
  await db.execute(sql`
    insert into analytics_events (tenant_id, id, type, tid, client, environment, offer_id, institution_id, created_at)
    select ${tenantId}, substr(md5('bench-event-' || g.i), 1, 24), e.type, 'bench-visitor-' || (v.n * 7919 % ${VISITORS}),
      jsonb_build_object('path', case when e.offer_id is null then '/marketplace/offers' else '/marketplace/offers/' || e.offer_id end),
      '{"appType":"platform"}'::jsonb, e.offer_id, e.institution_id,
      now() - ((v.n::bigint * 2654435761) % (${ANALYTICS_SEED_DAYS} * 86400)) * interval '1 second' - (${EVENTS_PER_VISIT} - v.k) * interval '20 seconds'
    from generate_series(0, ${events - 1}) as g(i)
    cross join lateral (select g.i / ${EVENTS_PER_VISIT} as n, g.i % ${EVENTS_PER_VISIT} as k) v
    cross join (select array_agg(id order by id) as ids, count(*)::int as n from offers where tenant_id = ${tenantId}) o
    cross join (select array_agg(id order by id) as ids, count(*)::int as n from institutions where tenant_id = ${tenantId}) i
    cross join lateral (select
      case when v.k < 9 then 'impression' when v.k = 9 then 'view' when v.k = 10 then 'offer-view' when v.k = 11 then 'institution-view'
        when v.k = 12 then 'document-view' when v.k = 13 then (case when v.n % 3 = 0 then 'document-download' else 'impression' end)
        else (case when v.n % 5 = 0 then 'cta' else 'offer-view' end) end as type,
      case when v.k in (9, 11) then null
        when v.k in (12, 13) and v.n % 3 = 0 then o.ids[1 + (v.n * 7 + 130) % o.n]
        else o.ids[1 + (v.n * 7 + v.k * 13) % o.n] end as offer_id,
      case when v.k = 11 then i.ids[1 + v.n % i.n] end as institution_id) e
  `);
  const inserted = performance.now();
  // The rebuild expands every event nine times (3 scopes × 3 scales) and groups the lot: room to hash it in memory.
  await db.execute(sql`set work_mem = '256MB'`);
  await withCrossTenant('bench: the rollups of the bulk-inserted analytics events', () => rebuildAnalyticsRollups(db, tenantId));
  await db.execute(sql`reset work_mem`);
  const rolledUp = performance.now();
  // As autovacuum would soon after: the visibility map set and the planner aware of the row counts.
  for (const table of ['analytics_events', 'analytics_rollups', 'analytics_visitors'])
    await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  const analyzed = performance.now();
  return {
    events,
    days: ANALYTICS_SEED_DAYS,
    insertMs: inserted - started,
    rollupsMs: rolledUp - inserted,
    analyzeMs: analyzed - rolledUp,
    rollupRows: await count(db, 'analytics_rollups', tenantId),
    visitorRows: await count(db, 'analytics_visitors', tenantId),
  };
}
