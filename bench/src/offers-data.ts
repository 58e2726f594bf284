import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';

/** The demo investor, made a GP of the offers' institution for the GP run. */
export const BENCH_GP_EMAIL = 'investor@demo.tessera.local';
export const BENCH_GP_PASSWORD = 'demo-investor-2026';

/** Words of the generated offer names; the benchmark searches for one of them (it matches a tenth of the offers). */
export const OFFER_NAME_WORDS = [
  'Harbor',
  'Summit',
  'Ridge',
  'Canyon',
  'Meadow',
  'Lakeside',
  'Granite',
  'Cedar',
  'Willow',
  'Beacon',
] as const;

/**
 * Adds `count` offers to the default tenant's first institution in one INSERT … SELECT (not through the API):
 * names from the word list, slugs bench-offer-N, a spread of types, approval states and open/close dates, one class
 * each, created a minute apart. Then ANALYZE, so the planner sees the real row count.
 */
export async function insertBenchOffers(db: Db, tenantSlug: string, count: number): Promise<void> {
  const words = sql.raw(`array[${OFFER_NAME_WORDS.map((w) => `'${w}'`).join(', ')}]`);
  await db.execute(sql`
    insert into offers (tenant_id, id, institution_id, name, slug, type, asset_class, description_short, open_date, close_date,
      approval_status, published, visibility_status, classes, created_at, updated_at)
    select t.id, substr(md5('bench-offer-' || g.i), 1, 24), i.id,
      (${words})[1 + g.i % 10] || ' ' || (array['Apartments', 'Logistics', 'Retail Park', 'Offices', 'Storage'])[1 + g.i % 5] || ' ' || g.i,
      'bench-offer-' || g.i,
      (array['value-add', 'new-construction', 'core-investment', 'debt-investment', 'joint-venture'])[1 + g.i % 5],
      (array['multi-family', 'industrial', 'retail', 'office-spaces', 'storage-facilities'])[1 + g.i % 5],
      'Generated for the offers-list benchmark',
      case when g.i % 4 = 0 then null else now() + ((g.i % 7) - 3) * interval '30 days' end,
      case when g.i % 3 = 0 then null else now() + ((g.i % 7) - 1) * interval '30 days' end,
      (array['pending', 'approved', 'rejected'])[1 + g.i % 3], g.i % 2 = 0, case when g.i % 2 = 0 then 'visible' else 'hidden' end,
      jsonb_build_array(jsonb_build_object('id', 'a', 'name', 'Class A', 'minimumInvestment', 10000 + (g.i % 50) * 1000, 'internalRateOfReturn', 8 + g.i % 10,
        'holdingPeriod', 36, 'customMetrics', '[]'::jsonb)),
      now() - g.i * interval '1 minute', now() - g.i * interval '1 minute'
    from generate_series(1, ${count}) as g(i)
    cross join lateral (select id from tenants where slug = ${tenantSlug}) t
    cross join lateral (select id from institutions where tenant_id = t.id order by created_at limit 1) i
  `);
  await db.execute(sql`analyze offers`);
}

/**
 * Makes a member of the tenant a GP of its first institution (the institution:manage flag and a team role), so the
 * benchmark also measures the GP's list: only offers of their teams, an EXISTS on role_assignments.
 */
export async function makeBenchGp(db: Db, tenantSlug: string, email: string): Promise<void> {
  await db.execute(sql`
    update tenant_members m set attributes = m.attributes || '{"institution:manage": true}'::jsonb
    from users u, tenants t where u.id = m.user_id and t.id = m.tenant_id and u.email = ${email} and t.slug = ${tenantSlug}
  `);
  await db.execute(sql`
    insert into role_assignments (tenant_id, id, user_id, entity_type, entity_id, role)
    select t.id, substr(md5('bench-gp-' || u.id), 1, 24), u.id, 'institution', i.id, 'member'
    from tenants t
    cross join users u
    cross join lateral (select id from institutions where tenant_id = t.id order by created_at limit 1) i
    where t.slug = ${tenantSlug} and u.email = ${email}
  `);
  await db.execute(sql`analyze role_assignments`);
}

/** Institutions the marketplace bench spreads its offers over (besides the demo ones). */
export const MARKETPLACE_INSTITUTIONS = 20;

/**
 * The marketplace benchmark's data: `count` offers of the tenant in one INSERT … SELECT, spread over
 * MARKETPLACE_INSTITUTIONS new institutions, 70 % listed (approved, published and visible; the rest pending,
 * unpublished or hidden), with 1 to 3 classes of varied minimum investment, IRR, equity multiple and holding period,
 * a banner image item, and open/close dates around now. Then VACUUM ANALYZE.
 */
export async function insertMarketplaceOffers(db: Db, tenantSlug: string, count: number): Promise<void> {
  const words = sql.raw(`array[${OFFER_NAME_WORDS.map((w) => `'${w}'`).join(', ')}]`);
  await db.execute(sql`
    insert into institutions (tenant_id, id, name, slug, type, description_short, created_at, updated_at)
    select t.id, substr(md5('bench-institution-' || g.i), 1, 24), (${words})[1 + g.i % 10] || ' Capital ' || g.i, 'bench-institution-' || g.i,
      (array['fund', 'bank', 'lender', 'broker'])[1 + g.i % 4], 'Generated for the marketplace benchmark', now() - g.i * interval '1 hour', now()
    from generate_series(1, ${MARKETPLACE_INSTITUTIONS}) as g(i)
    cross join lateral (select id from tenants where slug = ${tenantSlug}) t
  `);
  await db.execute(sql`
    insert into offers (tenant_id, id, institution_id, name, slug, type, asset_class, description_short, open_date, close_date,
      approval_status, published, visibility_status, classes, images, created_at, updated_at)
    select t.id, substr(md5('bench-market-offer-' || g.i), 1, 24), substr(md5('bench-institution-' || (1 + g.i % ${MARKETPLACE_INSTITUTIONS})), 1, 24),
      (${words})[1 + g.i % 10] || ' ' || (array['Apartments', 'Logistics', 'Retail Park', 'Offices', 'Storage'])[1 + g.i % 5] || ' ' || g.i,
      'bench-market-offer-' || g.i,
      (array['value-add', 'new-construction', 'core-investment', 'debt-investment', 'joint-venture'])[1 + g.i % 5],
      (array['multi-family', 'industrial', 'retail', 'office-spaces', 'storage-facilities', 'hospitality', 'mixed-use'])[1 + g.i % 7],
      'Generated for the marketplace benchmark',
      case when g.i % 4 = 0 then null else now() + ((g.i % 7) - 3) * interval '30 days' end,
      case when g.i % 3 = 0 then null else now() + ((g.i % 7) - 1) * interval '30 days' end,
      case when g.i % 10 = 0 then 'pending' else 'approved' end, g.i % 10 <> 1, case when g.i % 10 = 2 then 'hidden' else 'visible' end,
      (select jsonb_agg(jsonb_build_object('id', 'c' || k, 'name', 'Class ' || chr(65 + k),
          'minimumInvestment', 5000 + ((g.i * 7 + k * 13) % 100) * 1000, 'internalRateOfReturn', 4 + (g.i + k * 3) % 18 + 0.5,
          'equityMultiple', case when (g.i + k) % 6 = 0 then null else 1.2 + ((g.i + k) % 10) / 10.0 end,
          'holdingPeriod', 24 + 12 * ((g.i + k) % 5), 'customMetrics', '[]'::jsonb,
          -- The class's other terms, absent from none (the offer page's answer checks them): not set.
          'description', null, 'annualizedReturn', null, 'cashOnCash', null, 'preferredReturn', null, 'maximumInvestment', null,
          'distributionFrequency', null, 'distributionShare', null, 'pricePerUnit', null, 'upsideSplit', null) order by k)
        from generate_series(0, g.i % 3) as k),
      jsonb_build_array(jsonb_build_object('id', 'banner', 'image', substr(md5('bench-image-' || g.i), 1, 24), 'position', 0, 'hidden', false, 'purpose', 'banner')),
      now() - g.i * interval '1 minute', now() - g.i * interval '1 minute'
    from generate_series(1, ${count}) as g(i)
    cross join lateral (select id from tenants where slug = ${tenantSlug}) t
  `);
  // VACUUM as autovacuum would soon after: it sets the visibility map, so counts can be index-only scans as in steady state.
  await db.execute(sql`vacuum analyze offers`);
  await db.execute(sql`analyze institutions`);
}
