CREATE TABLE "advisor_messages" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"thread_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"type" text DEFAULT 'message' NOT NULL,
	"sender" text NOT NULL,
	"position" text NOT NULL,
	"status" text DEFAULT 'success' NOT NULL,
	"message" text NOT NULL,
	"prompts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "advisor_threads" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"title" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_threads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "advisor_messages" ADD CONSTRAINT "advisor_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_messages" ADD CONSTRAINT "advisor_messages_thread_fk" FOREIGN KEY ("tenant_id","thread_id") REFERENCES "public"."advisor_threads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_threads" ADD CONSTRAINT "advisor_threads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_threads" ADD CONSTRAINT "advisor_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_messages_thread_idx" ON "advisor_messages" USING btree ("tenant_id","thread_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "advisor_threads_user_idx" ON "advisor_threads" USING btree ("tenant_id","user_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "advisor_threads" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "advisor_threads" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "advisor_threads" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);
--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "advisor_threads" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
--> statement-breakpoint
ALTER TABLE "advisor_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "advisor_messages" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "advisor_messages" USING ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar) WITH CHECK ("tenant_id" = (SELECT current_setting('app.tenant_id', true))::bpchar);
--> statement-breakpoint
CREATE POLICY "cross_tenant" ON "advisor_messages" USING ((SELECT current_setting('app.cross_tenant', true)) = 'on') WITH CHECK ((SELECT current_setting('app.cross_tenant', true)) = 'on');
