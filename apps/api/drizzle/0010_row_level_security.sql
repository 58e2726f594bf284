-- Row-level security on every tenant-scoped table (every table with a tenant_id column), forced so that the table
-- owner is held to it too; only superusers and BYPASSRLS roles are not. Written by hand: drizzle-kit does not manage
-- roles, FORCE or policies that read settings. The rules are explained in SECURITY.md ("Row-level security").
--
-- The app's queries run as tessera_app: not the owner, not a superuser, NOBYPASSRLS, no TRUNCATE (which ignores RLS).
-- Roles belong to the whole server, so a second database on it finds the role already there.
DO $$
BEGIN
  CREATE ROLE tessera_app NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;--> statement-breakpoint
-- The owner that runs migrations (DATABASE_URL) may switch to tessera_app when no APP_DATABASE_URL is given.
-- A superuser has every role already, so the usual local set-up grants nothing here. (USAGE, not MEMBER: on
-- PostgreSQL 16 the role's creator is a member with ADMIN only, which does not let it SET ROLE.)
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'tessera_app', 'USAGE') THEN
    EXECUTE format('GRANT tessera_app TO %I', current_user);
  END IF;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tessera_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tessera_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO tessera_app;--> statement-breakpoint
-- Tables later migrations create get the same grants; their policies each migration writes (a test fails without).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tessera_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO tessera_app;--> statement-breakpoint
-- For each tenant-scoped table: rows of the tenant the connection is set to (app.tenant_id, set on every checkout
-- from the pool), and every row only while app.cross_tenant is on (set only by withCrossTenant, for code named
-- …Unscoped and system work). A connection with neither set sees no rows and can write none.
-- The sub-selects make each setting one InitPlan per query instead of a call per row.
ALTER TABLE "access_grants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "access_grants" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "access_grants" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "access_grants" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "analytics_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "analytics_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "analytics_events" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "analytics_events" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "api_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "api_keys" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "api_keys" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "api_keys" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "applications" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "applications" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "applications" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "auth_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "auth_tokens" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "auth_tokens" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "auth_tokens" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "business_owners" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "business_owners" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "business_owners" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "business_owners" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "businesses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "businesses" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "businesses" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "businesses" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "documents" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "documents" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "financial_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "financial_accounts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "financial_accounts" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "financial_accounts" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "gov_photo_ids" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "gov_photo_ids" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "gov_photo_ids" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "gov_photo_ids" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "images" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "images" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "images" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "individual_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "individual_profiles" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "individual_profiles" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "individual_profiles" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "institutions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "institutions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "institutions" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "institutions" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "legal_entity_profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "legal_entity_profiles" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "legal_entity_profiles" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "legal_entity_profiles" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "legal_entity_stakeholders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "legal_entity_stakeholders" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "legal_entity_stakeholders" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "legal_entity_stakeholders" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "mail_outbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mail_outbox" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "mail_outbox" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "marketplace_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "marketplace_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "marketplace_settings" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "marketplace_settings" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "member_group_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_group_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "member_group_members" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "member_group_members" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "member_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_groups" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "member_groups" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "member_groups" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "offers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "offers" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "offers" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "offers" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "role_assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "role_assignments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "role_assignments" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "role_assignments" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "tenant_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_members" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "tenant_members" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "timeline_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "timeline_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "timeline_events" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "timeline_events" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
