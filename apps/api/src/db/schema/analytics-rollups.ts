import type { AnalyticsRollupScale, AnalyticsRollupScope } from '@tessera/domain';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { objectIdColumn } from './columns.ts';
import { tenants } from './tenants.ts';

/**
 * Analytics rollups (#25): per tenant, per institution and per offer, per UTC hour, day and month, the counts the
 * dashboards chart. Kept up to date as each batch of events is written (same transaction), so a dashboard reads a
 * few hundred rows instead of scanning raw events. `scope_id` is the tenant's id for scope 'tenant'.
 * `visitors` is the number of distinct tracking ids in the bucket (from `analytics_visitors`); `new_visitors` the number
 * of them seen there for the first time in the scope (from `analytics_first_visits`), so a window holding every bucket
 * of the scope has as many unique visitors as the sum of its `new_visitors`, read without a DISTINCT.
 */
export const analyticsRollups = pgTable(
  'analytics_rollups',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<AnalyticsRollupScope>().notNull(),
    scopeId: objectIdColumn('scope_id').notNull(),
    scale: text('scale').$type<AnalyticsRollupScale>().notNull(),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    events: integer('events').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    views: integer('views').notNull().default(0),
    documentViews: integer('document_views').notNull().default(0),
    documentDownloads: integer('document_downloads').notNull().default(0),
    ctaClicks: integer('cta_clicks').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    newVisitors: integer('new_visitors').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.scope, t.scopeId, t.scale, t.bucket] }),
    // "Top offers / institutions of the window": one scale and window across every scope id. Migration 0028 makes it
    // cover what rankAnalytics adds up (INCLUDE scope_id and the counts, which drizzle cannot declare): an index-only scan.
    index('analytics_rollups_window_idx').on(t.tenantId, t.scope, t.scale, t.bucket),
  ],
);

/**
 * The distinct tracking ids seen per scope and bucket: unique visitors over any window are counted from here
 * (count distinct over the window's buckets), so they are right across bucket boundaries, which summing the
 * per-bucket `visitors` would not be.
 */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<AnalyticsRollupScope>().notNull(),
    scopeId: objectIdColumn('scope_id').notNull(),
    scale: text('scale').$type<AnalyticsRollupScale>().notNull(),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    tid: text('tid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.scope, t.scopeId, t.scale, t.bucket, t.tid] })],
);

/**
 * Every visitor of a scope once, ever (#25): a tid's first visit adds one to `new_visitors` of the rollup rows holding
 * it. All-time unique visitors are then a sum over a scope's monthly rows, not a DISTINCT over its monthly visitor sets
 * (40,000 visitors of a tenant with 1,000,000 events: 66,673 rows hashed).
 */
export const analyticsFirstVisits = pgTable(
  'analytics_first_visits',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    scope: text('scope').$type<AnalyticsRollupScope>().notNull(),
    scopeId: objectIdColumn('scope_id').notNull(),
    tid: text('tid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.scope, t.scopeId, t.tid] })],
);
