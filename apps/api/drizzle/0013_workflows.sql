CREATE TABLE "workflows" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"owner_id" char(24) NOT NULL,
	"created_by" char(24),
	"type" text NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"current_step_key" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"config" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflows_owner_status_created_idx" ON "workflows" USING btree ("tenant_id","owner_id","status","created_at");--> statement-breakpoint
-- Row-level security as every tenant-scoped table has it (0010_row_level_security.sql explains the two policies);
-- written by hand: drizzle-kit does not manage policies that read settings. The grants come from 0010's default privileges.
ALTER TABLE "workflows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workflows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "workflows" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "workflows" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
