-- Trigram indexes for searches (#25). pg_trgm is a trusted extension: the owner that runs migrations may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"tenant_id" char(24) NOT NULL,
	"scope" text NOT NULL,
	"scope_id" char(24) NOT NULL,
	"scale" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"document_views" integer DEFAULT 0 NOT NULL,
	"document_downloads" integer DEFAULT 0 NOT NULL,
	"cta_clicks" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_rollups_tenant_id_scope_scope_id_scale_bucket_pk" PRIMARY KEY("tenant_id","scope","scope_id","scale","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitors" (
	"tenant_id" char(24) NOT NULL,
	"scope" text NOT NULL,
	"scope_id" char(24) NOT NULL,
	"scale" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"tid" text NOT NULL,
	CONSTRAINT "analytics_visitors_tenant_id_scope_scope_id_scale_bucket_tid_pk" PRIMARY KEY("tenant_id","scope","scope_id","scale","bucket","tid")
);
--> statement-breakpoint
ALTER TABLE "analytics_rollups" ADD CONSTRAINT "analytics_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_visitors" ADD CONSTRAINT "analytics_visitors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_rollups_window_idx" ON "analytics_rollups" USING btree ("tenant_id","scope","scale","bucket");--> statement-breakpoint
CREATE INDEX "analytics_events_created_idx" ON "analytics_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "institutions_name_trgm_idx" ON "institutions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "institutions_slug_trgm_idx" ON "institutions" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_name_trgm_idx" ON "offers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_slug_trgm_idx" ON "offers" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "offers_description_short_trgm_idx" ON "offers" USING gin ("description_short" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_leads_email_trgm_idx" ON "tenant_leads" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_leads_firstname_trgm_idx" ON "tenant_leads" USING gin ("firstname" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenant_leads_lastname_trgm_idx" ON "tenant_leads" USING gin ("lastname" gin_trgm_ops);
--> statement-breakpoint
ALTER TABLE "analytics_rollups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "analytics_rollups" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics_rollups" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);
--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "analytics_rollups" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE "analytics_visitors" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "analytics_visitors" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics_visitors" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);
--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "analytics_visitors" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
-- BACKFILL: rollups of the events recorded before this migration (the same as rebuildAnalyticsRollups in
-- apps/api/src/modules/analytics/analytics-rollups.ts, which the tests compare with this). Row-level security holds an
-- owner that is not a superuser too (FORCE): the backfill reads and writes every tenant's rows, for this transaction only.
SELECT set_config('app.cross_tenant', 'on', true);
--> statement-breakpoint
INSERT INTO analytics_visitors (tenant_id, scope, scope_id, scale, bucket, tid)
  SELECT DISTINCT x.tenant_id, x.scope, x.scope_id, x.scale, x.bucket, x.tid FROM (select e.tenant_id, s.scope, s.scope_id, sc.scale, e.tid, e.type,
      (date_trunc(sc.scale, e.created_at at time zone 'UTC') at time zone 'UTC') as bucket
    from analytics_events e
    left join offers o on o.tenant_id = e.tenant_id and o.id = e.offer_id
    cross join lateral (values ('tenant', e.tenant_id), ('institution', coalesce(e.institution_id, o.institution_id)), ('offer', e.offer_id)) as s(scope, scope_id)
    cross join (values ('hour'), ('day'), ('month')) as sc(scale)
    where s.scope_id is not null) x;
--> statement-breakpoint
INSERT INTO analytics_rollups (tenant_id, scope, scope_id, scale, bucket, events, impressions, views, document_views, document_downloads, cta_clicks, visitors)
  SELECT x.tenant_id, x.scope, x.scope_id, x.scale, x.bucket, count(*),
    count(*) filter (where x.type in ('impression')), count(*) filter (where x.type in ('view', 'offer-view', 'institution-view')), count(*) filter (where x.type in ('document-view')), count(*) filter (where x.type in ('document-download')), count(*) filter (where x.type in ('cta')),
    count(distinct x.tid)
  FROM (select e.tenant_id, s.scope, s.scope_id, sc.scale, e.tid, e.type,
      (date_trunc(sc.scale, e.created_at at time zone 'UTC') at time zone 'UTC') as bucket
    from analytics_events e
    left join offers o on o.tenant_id = e.tenant_id and o.id = e.offer_id
    cross join lateral (values ('tenant', e.tenant_id), ('institution', coalesce(e.institution_id, o.institution_id)), ('offer', e.offer_id)) as s(scope, scope_id)
    cross join (values ('hour'), ('day'), ('month')) as sc(scale)
    where s.scope_id is not null) x
  GROUP BY x.tenant_id, x.scope, x.scope_id, x.scale, x.bucket;
--> statement-breakpoint
SELECT set_config('app.cross_tenant', 'off', true);
