CREATE TABLE "tenants" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"branding" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"phone" text,
	"firstname" text,
	"middlename" text,
	"lastname" text,
	"displayname" text,
	"image" text,
	"line1" text,
	"line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text,
	"role" text DEFAULT 'user' NOT NULL,
	"theme_mode" text,
	"time_format" text,
	"date_format" text,
	"notification_preferences" jsonb NOT NULL,
	"accreditation_application_id" char(24),
	"signup_status" text DEFAULT 'complete' NOT NULL,
	"account_status" text DEFAULT 'active' NOT NULL,
	"onboarding_status" text DEFAULT 'overview' NOT NULL,
	"identity_verification_status" text DEFAULT 'not-started' NOT NULL,
	"invest_onboarding_stage" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_members" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"firstname" text,
	"middlename" text,
	"lastname" text,
	"image" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"membership_status" text NOT NULL,
	"rbac_id" char(24) NOT NULL,
	"role" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"preferences" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"tenant_id" char(24),
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"type" text NOT NULL,
	"entity" text NOT NULL,
	"entity_type" text NOT NULL,
	"message" text NOT NULL,
	"user_id" char(24),
	"meta" jsonb NOT NULL,
	"refs" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"type" text NOT NULL,
	"tid" text NOT NULL,
	"user_id" char(24),
	"client" jsonb,
	"environment" jsonb,
	"user_agent" text,
	"meta" jsonb,
	"offer_id" char(24),
	"institution_id" char(24),
	"document_id" char(24),
	"image_id" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"tenant_id" char(24),
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_members" ADD CONSTRAINT "tenant_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_members" ADD CONSTRAINT "tenant_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_slug_key" ON "tenants" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_members_tenant_user_key" ON "tenant_members" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "tenant_members_user_idx" ON "tenant_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tenant_members_tenant_status_idx" ON "tenant_members" USING btree ("tenant_id","membership_status","created_at");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "timeline_events_entity_idx" ON "timeline_events" USING btree ("tenant_id","entity_type","entity","created_at");--> statement-breakpoint
CREATE INDEX "timeline_events_user_idx" ON "timeline_events" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "timeline_events_created_idx" ON "timeline_events" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_type_idx" ON "analytics_events" USING btree ("tenant_id","type","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_offer_idx" ON "analytics_events" USING btree ("tenant_id","offer_id","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_institution_idx" ON "analytics_events" USING btree ("tenant_id","institution_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to","created_at");