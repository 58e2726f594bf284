CREATE TABLE "identity_inquiries" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"provider" text NOT NULL,
	"provider_inquiry_id" text,
	"status" text DEFAULT 'started' NOT NULL,
	"document_type" text,
	"typed_encrypted" text,
	"front_document_id" char(24),
	"back_document_id" char(24),
	"selfie_document_id" char(24),
	"outcome" text,
	"decision_encrypted" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_inquiries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "identity_webhook_events" (
	"tenant_id" char(24) NOT NULL,
	"event_id" text NOT NULL,
	"inquiry_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_webhook_events_tenant_id_event_id_pk" PRIMARY KEY("tenant_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "identity_inquiries" ADD CONSTRAINT "identity_inquiries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_inquiries" ADD CONSTRAINT "identity_inquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_webhook_events" ADD CONSTRAINT "identity_webhook_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_inquiries_user_idx" ON "identity_inquiries" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_inquiries_provider_key" ON "identity_inquiries" USING btree ("provider","provider_inquiry_id") WHERE "identity_inquiries"."provider_inquiry_id" is not null;--> statement-breakpoint
CREATE INDEX "identity_inquiries_pending_idx" ON "identity_inquiries" USING btree ("status","submitted_at") WHERE "identity_inquiries"."outcome" is null and "identity_inquiries"."status" = 'submitted';--> statement-breakpoint
-- Row-level security as every tenant-scoped table has it (0010_row_level_security.sql): the request's tenant only, or
-- code that says why it crosses tenants (a Persona webhook naming its inquiry, the start-up resuming verifications).
ALTER TABLE "identity_inquiries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "identity_inquiries" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity_inquiries" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "identity_inquiries" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "identity_webhook_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "identity_webhook_events" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "identity_webhook_events" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "identity_webhook_events" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
