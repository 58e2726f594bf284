/**
 * Issue #25's scale data set, bulk-inserted in SQL (INSERT … SELECT generate_series, never through the API): 100
 * tenants, 10,000 offers, 100,000 users (each a member of one tenant), 1,000,000 timeline events and 5,000,000 analytics
 * events, times `factor` (1/100 for --quick). Half of every table goes to the default tenant (the one the bare address
 * serves, seeded with the demo data), the other half is spread evenly over the other tenants: one busy tenant whose
 * lists are measured, and many small ones around it. Each tenant also gets 20 institutions and a lead per ten members.
 * Analytics events come in visits of 20 events of one tracking id on one offer, a visit every ~37 s back in time, and
 * the rollups are then built from them as the app builds them (rebuildAnalyticsRollups). Must run as the tables' owner
 * (on PostgreSQL the owner's connection, outside row-level security) on one connection: it keeps a temporary table.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { rebuildAnalyticsRollups } from '../../apps/api/src/modules/analytics/analytics-rollups.ts';

export const SCALE_FULL = { tenants: 100, offers: 10_000, users: 100_000, timelineEvents: 1_000_000, analyticsEvents: 5_000_000 };
export const SCALE_INSTITUTIONS_PER_TENANT = 20;
export const SCALE_PASSWORD = 'scale-data-lantern-2026';
/** The platform admin the scale bench signs in as (ADMIN_EMAIL and ADMIN_PASSWORD of its server). */
export const SCALE_ADMIN = { email: 'platform-admin@scale.example.com', password: 'scale-admin-lantern-2026' };
export const scaleEmail = (tenant: number, n: number) => `scale-${tenant}-${n}@scale.example.com`;

export interface ScaleCounts {
  tenants: number;
  offers: number;
  users: number;
  timelineEvents: number;
  analyticsEvents: number;
}

export function scaleCounts(factor: number): ScaleCounts {
  const of = (n: number) => Math.max(1, Math.round(n * factor));
  return {
    tenants: Math.max(2, of(SCALE_FULL.tenants)),
    offers: of(SCALE_FULL.offers),
    users: of(SCALE_FULL.users),
    timelineEvents: of(SCALE_FULL.timelineEvents),
    analyticsEvents: of(SCALE_FULL.analyticsEvents),
  };
}

export interface SeedTiming {
  table: string;
  rows: number;
  seconds: number;
}

/**
 * Seeds the data set next to the default tenant `defaultTenant` (already seeded). `passwordHash` is every scale
 * member's (one argon2 hash for all). Reports each table as it is done; answers the timings.
 */
export async function seedScale(
  db: Db,
  options: { defaultTenant: string; counts: ScaleCounts; passwordHash: string; progress?: (timing: SeedTiming) => void },
): Promise<SeedTiming[]> {
  const { counts } = options;
  const others = counts.tenants - 1;
  // Per tenant k (1 = the default tenant): half of each total for k = 1, the other half evenly over the others.
  const share = (total: number) =>
    sql.raw(`case when t.k = 1 then ${Math.ceil(total / 2)} else ${Math.max(1, Math.floor(total / 2 / others))} end`);
  const timings: SeedTiming[] = [];
  const step = async (table: string, statement: ReturnType<typeof sql>) => {
    const started = performance.now();
    const result = (await db.execute(statement)) as unknown as { rowCount?: number | null; affectedRows?: number };
    const timing = { table, rows: Number(result.rowCount ?? result.affectedRows ?? 0), seconds: (performance.now() - started) / 1000 };
    timings.push(timing);
    options.progress?.(timing);
  };

  await db.execute(sql`set work_mem = '128MB'`).catch(() => {});
  await db.execute(sql`drop table if exists scale_tenants`);
  await db.execute(sql.raw(`create temporary table scale_tenants (k int primary key, id char(24) not null)`));
  await db.execute(sql`
    insert into scale_tenants (k, id)
    select 1, id from tenants where slug = ${options.defaultTenant}
    union all
    select g.k, substr(md5('scale-tenant-' || g.k), 1, 24) from generate_series(2, ${counts.tenants}::int) as g(k)
  `);
  const branding = sql`(select branding from tenants where slug = ${options.defaultTenant})`;
  await step(
    'tenants',
    sql`insert into tenants (id, slug, name, branding, created_at, updated_at)
      select t.id, 'scale-' || t.k, 'Scale Tenant ' || t.k, ${branding}, now() - t.k * interval '1 day', now()
      from scale_tenants t where t.k > 1`,
  );
  await step(
    'institutions',
    sql`insert into institutions (tenant_id, id, name, slug, type, description_short, created_at, updated_at)
      select t.id, substr(md5('scale-institution-' || t.k || '-' || j), 1, 24), 'Scale Capital ' || t.k || '-' || j,
        'scale-institution-' || t.k || '-' || j, (array['fund', 'bank', 'lender', 'broker'])[1 + j % 4], 'Generated for the scale data set',
        now() - j * interval '1 hour', now()
      from scale_tenants t cross join generate_series(1, ${SCALE_INSTITUTIONS_PER_TENANT}::int) as j`,
  );
  await step(
    'offers',
    sql`insert into offers (tenant_id, id, institution_id, name, slug, type, asset_class, description_short, open_date, close_date,
        approval_status, published, visibility_status, classes, created_at, updated_at)
      select t.id, substr(md5('scale-offer-' || t.k || '-' || n), 1, 24),
        substr(md5('scale-institution-' || t.k || '-' || (1 + n % ${SCALE_INSTITUTIONS_PER_TENANT}::int)), 1, 24),
        (array['Harbor', 'Summit', 'Ridge', 'Canyon', 'Meadow', 'Lakeside', 'Granite', 'Cedar', 'Willow', 'Beacon'])[1 + n % 10] || ' '
          || (array['Apartments', 'Logistics', 'Retail Park', 'Offices', 'Storage'])[1 + n % 5] || ' ' || n,
        'scale-offer-' || n,
        (array['value-add', 'new-construction', 'core-investment', 'debt-investment', 'joint-venture'])[1 + n % 5],
        (array['multi-family', 'industrial', 'retail', 'office-spaces', 'storage-facilities', 'hospitality', 'mixed-use'])[1 + n % 7],
        'Generated for the scale data set',
        case when n % 4 = 0 then null else now() + ((n % 7) - 3) * interval '30 days' end,
        case when n % 3 = 0 then null else now() + ((n % 7) - 1) * interval '30 days' end,
        case when n % 10 = 0 then 'pending' else 'approved' end, n % 10 <> 1, case when n % 10 = 2 then 'hidden' else 'visible' end,
        jsonb_build_array(jsonb_build_object('id', 'a', 'name', 'Class A', 'description', null,
          'minimumInvestment', 5000 + (n * 7 % 100) * 1000, 'maximumInvestment', null, 'internalRateOfReturn', 4 + n % 18 + 0.5,
          'annualizedReturn', null, 'cashOnCash', null, 'equityMultiple', 1.2 + (n % 10) / 10.0, 'holdingPeriod', 24 + 12 * (n % 5),
          'preferredReturn', null, 'distributionFrequency', null, 'distributionShare', null, 'pricePerUnit', null, 'upsideSplit', null,
          'customMetrics', '[]'::jsonb)),
        now() - n * interval '1 hour', now() - n * interval '1 hour'
      from scale_tenants t cross join lateral generate_series(1, ${share(counts.offers)}) as n`,
  );
  const preferences = JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES);
  await step(
    'users',
    sql`insert into users (id, email, password_hash, firstname, lastname, notification_preferences, onboarding_status,
        invest_onboarding_stage, created_at, updated_at)
      select substr(md5('scale-user-' || t.k || '-' || n), 1, 24), 'scale-' || t.k || '-' || n || '@scale.example.com',
        ${options.passwordHash}, (array['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald'])[1 + n % 6], 'Scale ' || n,
        ${preferences}::jsonb, 'complete', 'complete', now() - n * interval '1 minute', now()
      from scale_tenants t cross join lateral generate_series(1, ${share(counts.users)}) as n`,
  );
  await step(
    'tenant_members',
    sql`insert into tenant_members (tenant_id, id, user_id, firstname, lastname, membership_status, rbac_id, role, attributes,
        preferences, created_at, updated_at)
      select t.id, substr(md5('scale-member-' || t.k || '-' || n), 1, 24), substr(md5('scale-user-' || t.k || '-' || n), 1, 24),
        (array['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald'])[1 + n % 6], 'Scale ' || n, 'active',
        substr(md5('scale-rbac-' || t.k || '-' || n), 1, 24), case when n % 50 = 0 then 'member' else 'investor' end,
        jsonb_build_object('institution:manage', false, 'investment:make', true, 'marketplace:view', true),
        '{"themeMode": null, "timeFormat": null, "dateFormat": null, "appMode": null, "institution": null}'::jsonb,
        now() - n * interval '1 minute', now()
      from scale_tenants t cross join lateral generate_series(1, ${share(counts.users)}) as n`,
  );
  await step(
    'tenant_leads',
    sql`insert into tenant_leads (tenant_id, id, institution_id, firstname, lastname, email, company, origin, created_at, updated_at)
      select t.id, substr(md5('scale-lead-' || t.k || '-' || n), 1, 24),
        substr(md5('scale-institution-' || t.k || '-' || (1 + n % ${SCALE_INSTITUTIONS_PER_TENANT}::int)), 1, 24),
        'Lead', 'Scale ' || n, 'scale-lead-' || n || '@scale.example.com', 'Company ' || n % 500, 'manual',
        now() - n * interval '10 minutes', now()
      from scale_tenants t cross join lateral generate_series(1, ${share(Math.round(counts.users / 10))}) as n`,
  );
  // Each event about an offer, a member or an institution of its tenant, one every 10 s back in time.
  await step(
    'timeline_events',
    sql`insert into timeline_events (tenant_id, id, type, entity, entity_type, message, user_id, meta, refs, created_at)
      select t.id, substr(md5('scale-timeline-' || t.k || '-' || n), 1, 24),
        (array['create', 'update', 'access', 'other'])[1 + n % 4],
        case n % 3
          when 0 then substr(md5('scale-offer-' || t.k || '-' || (1 + n / 3 % o.count)), 1, 24)
          when 1 then substr(md5('scale-user-' || t.k || '-' || (1 + n / 3 % u.count)), 1, 24)
          else substr(md5('scale-institution-' || t.k || '-' || (1 + n / 3 % ${SCALE_INSTITUTIONS_PER_TENANT}::int)), 1, 24) end,
        (array['tenant-offer', 'user', 'tenant-institution'])[1 + n % 3], 'Generated for the scale data set',
        substr(md5('scale-user-' || t.k || '-' || (1 + n % u.count)), 1, 24), '{}'::jsonb, '[]'::jsonb,
        now() - n * interval '10 seconds'
      from scale_tenants t
      cross join lateral (select ${share(counts.offers)} as count) o
      cross join lateral (select ${share(counts.users)} as count) u
      cross join lateral generate_series(1, ${share(counts.timelineEvents)}) as n`,
  );
  // Visits of 20 events (one tracking id, one offer), one visit every 37 s back in time; 20,000 returning visitors a tenant.
  await step(
    'analytics_events',
    sql`insert into analytics_events (tenant_id, id, type, tid, user_id, client, environment, offer_id, created_at)
      select t.id, substr(md5('scale-analytics-' || t.k || '-' || n), 1, 24),
        (array['impression', 'offer-view', 'view', 'impression', 'document-view', 'impression', 'cta', 'view', 'impression', 'document-download'])[1 + n % 10],
        'scale-tid-' || (n / 20 % 20000), null, '{"path": "/marketplace/offers"}'::jsonb, '{"appType": "platform"}'::jsonb,
        case when n % 10 in (2, 7) then null else substr(md5('scale-offer-' || t.k || '-' || (1 + n / 20 % o.count)), 1, 24) end,
        now() - (n / 20) * interval '37 seconds' - (n % 20) * interval '1 second'
      from scale_tenants t
      cross join lateral (select ${share(counts.offers)} as count) o
      cross join lateral generate_series(1, ${share(counts.analyticsEvents)}) as n`,
  );
  {
    const started = performance.now();
    await rebuildAnalyticsRollups(db);
    const { rows } = (await db.execute(sql`select count(*)::int as rollups from analytics_rollups`)) as unknown as {
      rows: { rollups: number }[];
    };
    const rollups = Number(rows[0]?.rollups ?? 0);
    const timing = { table: 'analytics_rollups + analytics_visitors', rows: rollups, seconds: (performance.now() - started) / 1000 };
    timings.push(timing);
    options.progress?.(timing);
  }
  {
    const started = performance.now();
    await db.execute(sql`vacuum analyze`);
    const timing = { table: 'vacuum analyze', rows: 0, seconds: (performance.now() - started) / 1000 };
    timings.push(timing);
    options.progress?.(timing);
  }
  await db.execute(sql`drop table if exists scale_tenants`);
  return timings;
}
