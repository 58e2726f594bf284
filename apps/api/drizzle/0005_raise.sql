CREATE TABLE "institutions" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"type" text DEFAULT 'fund' NOT NULL,
	"description" text,
	"description_short" text,
	"custom_metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact" jsonb,
	"billing" jsonb,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"institution_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"type" text,
	"asset_class" text,
	"equity_type" text,
	"description" text,
	"description_short" text,
	"fed_exemption_exclusions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"open_date" timestamp with time zone,
	"close_date" timestamp with time zone,
	"primary_cta" jsonb,
	"secondary_cta" jsonb,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" char(24),
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"approval_date" timestamp with time zone,
	"approval_by" char(24),
	"visibility_status" text DEFAULT 'hidden' NOT NULL,
	"visibility_updated_at" timestamp with time zone,
	"visibility_updated_by" char(24),
	"classes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capital_raise_min" double precision,
	"capital_raise_max" double precision,
	"capital_raise_total" double precision,
	"esign_template_id" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "role_assignments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "role_assignments" ADD COLUMN "created_by" char(24);--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tenant_id_institution_id_institutions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","institution_id") REFERENCES "public"."institutions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institutions_tenant_slug_key" ON "institutions" USING btree ("tenant_id",lower("slug"));--> statement-breakpoint
CREATE INDEX "institutions_tenant_created_idx" ON "institutions" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "institutions_tenant_name_idx" ON "institutions" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "offers_tenant_slug_key" ON "offers" USING btree ("tenant_id",lower("slug"));--> statement-breakpoint
CREATE INDEX "offers_tenant_created_idx" ON "offers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_tenant_name_idx" ON "offers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "offers_tenant_institution_idx" ON "offers" USING btree ("tenant_id","institution_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_tenant_type_idx" ON "offers" USING btree ("tenant_id","type","created_at");--> statement-breakpoint
CREATE INDEX "offers_tenant_marketplace_idx" ON "offers" USING btree ("tenant_id","visibility_status","published","created_at");--> statement-breakpoint
CREATE INDEX "role_assignments_entity_idx" ON "role_assignments" USING btree ("tenant_id","entity_type","entity_id","created_at");--> statement-breakpoint
-- Members gained the Invest/Raise mode and the picked institution among their preferences.
UPDATE "tenant_members" SET "preferences" = jsonb_build_object('appMode', null, 'institution', null) || "preferences" WHERE NOT ("preferences" ? 'appMode');
