CREATE TABLE "analytics_first_visits" (
	"tenant_id" char(24) NOT NULL,
	"scope" text NOT NULL,
	"scope_id" char(24) NOT NULL,
	"tid" text NOT NULL,
	CONSTRAINT "analytics_first_visits_tenant_id_scope_scope_id_tid_pk" PRIMARY KEY("tenant_id","scope","scope_id","tid")
);
--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD COLUMN "new_visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_first_visits" ADD CONSTRAINT "analytics_first_visits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_first_visits" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "analytics_first_visits" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics_first_visits" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);
--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "analytics_first_visits" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
-- BACKFILL: the rollups rebuilt from the stored events with the visitor rule of this migration (an offer's or an
-- institution's visitors are the tids with an event on it other than an impression) and the first visits; the same as
-- rebuildAnalyticsRollups in apps/api/src/modules/analytics/analytics-rollups.ts. Rollups exist since 0027, which
-- built them from the same stored events in the same release, so rebuilding loses nothing. Row-level security holds an
-- owner that is not a superuser too (FORCE): the backfill reads and writes every tenant's rows, for this transaction only.
SELECT set_config('app.cross_tenant', 'on', true);
--> statement-breakpoint
DELETE FROM analytics_visitors;
--> statement-breakpoint
DELETE FROM analytics_rollups;
--> statement-breakpoint
CREATE TEMPORARY TABLE analytics_scoped_events ON COMMIT DROP AS
  SELECT e.tenant_id, s.scope, s.scope_id, e.tid, e.type, e.created_at, (s.scope = 'tenant' OR e.type NOT IN ('impression')) AS visit
  FROM analytics_events e
  LEFT JOIN offers o ON o.tenant_id = e.tenant_id AND o.id = e.offer_id
  CROSS JOIN LATERAL (VALUES ('tenant', e.tenant_id), ('institution', coalesce(e.institution_id, o.institution_id)), ('offer', e.offer_id)) AS s(scope, scope_id)
  WHERE s.scope_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO analytics_visitors (tenant_id, scope, scope_id, scale, bucket, tid)
  SELECT DISTINCT x.tenant_id, x.scope, x.scope_id, sc.scale, (date_trunc(sc.scale, x.created_at at time zone 'UTC') at time zone 'UTC'), x.tid
  FROM analytics_scoped_events x CROSS JOIN (VALUES ('hour'), ('day'), ('month')) AS sc(scale) WHERE x.visit;
--> statement-breakpoint
INSERT INTO analytics_first_visits (tenant_id, scope, scope_id, tid)
  SELECT x.tenant_id, x.scope, x.scope_id, x.tid FROM analytics_scoped_events x WHERE x.visit GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO analytics_rollups
    (tenant_id, scope, scope_id, scale, bucket, events, impressions, views, document_views, document_downloads, cta_clicks, visitors, new_visitors)
  SELECT r.*, coalesce(n.new_visitors, 0) FROM (
    SELECT x.tenant_id, x.scope, x.scope_id, sc.scale, (date_trunc(sc.scale, x.created_at at time zone 'UTC') at time zone 'UTC') AS bucket, count(*),
      count(*) filter (where x.type in ('impression')), count(*) filter (where x.type in ('view', 'offer-view', 'institution-view')),
      count(*) filter (where x.type in ('document-view')), count(*) filter (where x.type in ('document-download')), count(*) filter (where x.type in ('cta')),
      count(DISTINCT x.tid) FILTER (WHERE x.visit)
    FROM analytics_scoped_events x CROSS JOIN (VALUES ('hour'), ('day'), ('month')) AS sc(scale)
    GROUP BY 1, 2, 3, 4, 5) r
  LEFT JOIN (
    SELECT f.tenant_id, f.scope, f.scope_id, sc.scale, (date_trunc(sc.scale, f.first_at at time zone 'UTC') at time zone 'UTC') AS bucket, count(*)::int AS new_visitors
    FROM (SELECT x.tenant_id, x.scope, x.scope_id, min(x.created_at) AS first_at FROM analytics_scoped_events x WHERE x.visit
      GROUP BY x.tenant_id, x.scope, x.scope_id, x.tid) f CROSS JOIN (VALUES ('hour'), ('day'), ('month')) AS sc(scale)
    GROUP BY 1, 2, 3, 4, 5) n USING (tenant_id, scope, scope_id, scale, bucket);
--> statement-breakpoint
SELECT set_config('app.cross_tenant', 'off', true);
--> statement-breakpoint
-- The window index covers what the dashboards' top offers and institutions add up (rankAnalytics), so a 30-day ranking
-- is an index-only scan (6,360 daily rows of 212 offers: 6,400 heap pages read before). drizzle cannot declare INCLUDE:
-- the schema keeps the key columns (analytics-rollups.ts), the same name and keys as before.
DROP INDEX "analytics_rollups_window_idx";
--> statement-breakpoint
CREATE INDEX "analytics_rollups_window_idx" ON "analytics_rollups" USING btree ("tenant_id","scope","scale","bucket")
  INCLUDE ("scope_id","impressions","views","document_views","document_downloads","cta_clicks","new_visitors");
