import { sql } from 'drizzle-orm';
import { rebuildAnalyticsRollups } from '../../modules/analytics/index.ts';
import type { DbOrTx } from '../client.ts';

/** How far back the demo marketplace's visits go. */
export const DEMO_ANALYTICS_DAYS = 90;

/**
 * Three months of marketplace visits on a demo tenant's listed offers (issue #25), so the marketplace, institution and
 * offer dashboards open on charts with a shape rather than on zeros: each day each listed offer is seen on the lists
 * by a few dozen of 180 recurring visitors, some of them open it, fewer read a document, download one or press its
 * call to action, more on weekdays and more as the weeks go on. Deterministic (no random()), written in two statements,
 * then the rollups rebuilt from them as the migration's backfill does.
 */
export async function seedDemoAnalytics(db: DbOrTx, tenantId: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into analytics_events (tenant_id, id, type, tid, offer_id, institution_id, document_id, client, created_at)
    select o.tenant_id,
      substr(md5(o.id || d.day || k.type || v.n), 1, 24),
      k.type,
      'demo-visitor-' || ((abs(hashtext(o.id || d.day || v.n)) % 180) + 1),
      o.id, o.institution_id,
      case when k.type in ('document-view', 'document-download') then (o.documents -> 0 ->> 'document') end,
      jsonb_build_object('path', '/marketplace/offers/' || o.slug),
      ${now}::timestamptz - make_interval(days => d.day) - make_interval(mins => (abs(hashtext(o.id || v.n || k.type)) % 1380) + 30)
    from offers o
    cross join generate_series(0, ${DEMO_ANALYTICS_DAYS - 1}) as d(day)
    cross join lateral (values ('impression', 24), ('offer-view', 7), ('document-view', 2), ('document-download', 1), ('cta', 1)) as k(type, base)
    cross join lateral generate_series(1, greatest(0,
      -- More on weekdays, growing towards today, and varied per offer and day.
      (k.base * (case when extract(isodow from ${now}::timestamptz - make_interval(days => d.day)) >= 6 then 0.5 else 1 end)
        * (1.6 - d.day::numeric / ${DEMO_ANALYTICS_DAYS}) * (0.5 + (abs(hashtext(o.id || d.day)) % 100) / 100.0))::int
      - case when k.type in ('document-view', 'document-download', 'cta') then (abs(hashtext(o.id || d.day || k.type)) % 2) else 0 end
    )) as v(n)
    where o.tenant_id = ${tenantId} and o.approval_status = 'approved' and o.published and o.visibility_status = 'visible'
      and (k.type not in ('document-view', 'document-download') or jsonb_array_length(o.documents) > 0)
  `);
  await rebuildAnalyticsRollups(db, tenantId);
}
