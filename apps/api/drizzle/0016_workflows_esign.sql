CREATE TABLE "esign_envelopes" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"workflow_id" char(24) NOT NULL,
	"signer_id" char(24) NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"template_document_id" char(24),
	"external_id" text,
	"unsigned_sha256" text,
	"signed_document_id" char(24),
	"certificate_document_id" char(24),
	"signed_sha256" text,
	"signer_name" text,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esign_envelopes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "esign_events" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"envelope_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"actor_id" char(24),
	"ip" text,
	"user_agent" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "esign_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "offer_id" char(24);--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "institution_id" char(24);--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "refs" jsonb;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "esign_envelopes" ADD CONSTRAINT "esign_envelopes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_envelopes" ADD CONSTRAINT "esign_envelopes_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esign_events" ADD CONSTRAINT "esign_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "esign_envelopes_workflow_idx" ON "esign_envelopes" USING btree ("tenant_id","workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "esign_envelopes_signed_sha256_idx" ON "esign_envelopes" USING btree ("tenant_id","signed_sha256");--> statement-breakpoint
CREATE INDEX "esign_events_envelope_idx" ON "esign_events" USING btree ("tenant_id","envelope_id","at");--> statement-breakpoint
CREATE INDEX "workflows_institution_status_created_idx" ON "workflows" USING btree ("tenant_id","institution_id","status","created_at");--> statement-breakpoint
CREATE INDEX "workflows_offer_owner_idx" ON "workflows" USING btree ("tenant_id","offer_id","owner_id");--> statement-breakpoint
-- The offer and institution of existing workflows, from their config (the institution is config's, else the offer's).
-- Across tenants: row-level security holds the migrating role too when it is not a superuser.
SELECT set_config('app.cross_tenant', 'on', true);--> statement-breakpoint
UPDATE "workflows" w SET "offer_id" = (w."config"->>'offer')::char(24),
	"institution_id" = coalesce((w."config"->>'institution')::char(24), (SELECT o."institution_id" FROM "offers" o WHERE o."tenant_id" = w."tenant_id" AND o."id" = (w."config"->>'offer')::char(24)));--> statement-breakpoint
-- Row-level security as every tenant-scoped table has it (0010_row_level_security.sql).
ALTER TABLE "esign_envelopes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "esign_envelopes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "esign_envelopes" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "esign_envelopes" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "esign_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "esign_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "esign_events" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "esign_events" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
