CREATE TABLE "application_documents" (
	"tenant_id" char(24) NOT NULL,
	"application_id" char(24) NOT NULL,
	"document_id" char(24) NOT NULL,
	"question_key" text,
	"document_date" date,
	"file_date" timestamp with time zone,
	"evaluator_request_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_documents_tenant_id_application_id_document_id_pk" PRIMARY KEY("tenant_id","application_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "evaluator_requests" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"application_id" char(24) NOT NULL,
	"question_id" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"message" text,
	"created_by" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluator_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "high_minimum_path" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "certificate_code" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "verification_method" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "renewed_from" char(24);--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluator_requests" ADD CONSTRAINT "evaluator_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_documents_document_idx" ON "application_documents" USING btree ("tenant_id","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluator_requests_token_key" ON "evaluator_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "evaluator_requests_application_idx" ON "evaluator_requests" USING btree ("tenant_id","application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_certificate_code_key" ON "applications" USING btree ("certificate_code");--> statement-breakpoint
CREATE INDEX "applications_approval_doc_idx" ON "applications" USING btree ("tenant_id","approval_doc");--> statement-breakpoint
-- Row-level security as every tenant-scoped table has it (0010_row_level_security.sql).
ALTER TABLE "application_documents" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "application_documents" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "application_documents" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "application_documents" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');--> statement-breakpoint
ALTER TABLE "evaluator_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "evaluator_requests" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "evaluator_requests" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "evaluator_requests" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
