-- Leads of institutions (issue #22, 002 §3): the lead, the team's notes, the documents shared with the lead.
CREATE TABLE "tenant_lead_documents" (
	"tenant_id" char(24) NOT NULL,
	"lead_id" char(24) NOT NULL,
	"document_id" char(24) NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_lead_documents_tenant_id_lead_id_document_id_pk" PRIMARY KEY("tenant_id","lead_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_lead_notes" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"lead_id" char(24) NOT NULL,
	"content" text NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_lead_notes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_leads" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"institution_id" char(24) NOT NULL,
	"firstname" text NOT NULL,
	"middlename" text,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"company_title" text,
	"origin" text DEFAULT 'manual' NOT NULL,
	"interests" text[] DEFAULT '{}' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"image_id" char(24),
	"tenant_member_id" char(24),
	"invite_status" text DEFAULT 'none' NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_leads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_lead_documents" ADD CONSTRAINT "tenant_lead_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_lead_notes" ADD CONSTRAINT "tenant_lead_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_leads" ADD CONSTRAINT "tenant_leads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_lead_documents_document_idx" ON "tenant_lead_documents" USING btree ("tenant_id","document_id");--> statement-breakpoint
CREATE INDEX "tenant_lead_notes_lead_idx" ON "tenant_lead_notes" USING btree ("tenant_id","lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_leads_institution_email_key" ON "tenant_leads" USING btree ("tenant_id","institution_id","email");--> statement-breakpoint
CREATE INDEX "tenant_leads_institution_created_idx" ON "tenant_leads" USING btree ("tenant_id","institution_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_leads_email_idx" ON "tenant_leads" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "tenant_leads_member_idx" ON "tenant_leads" USING btree ("tenant_id","tenant_member_id");--> statement-breakpoint
-- Row-level security as every tenant-scoped table has it (0010_row_level_security.sql).
ALTER TABLE "tenant_leads" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_leads" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_leads" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "tenant_leads" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "tenant_lead_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_lead_notes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_lead_notes" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "tenant_lead_notes" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "tenant_lead_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "tenant_lead_documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "tenant_lead_documents" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "tenant_lead_documents" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
