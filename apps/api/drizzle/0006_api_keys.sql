CREATE TABLE "api_keys" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"label" text,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" USING btree ("tenant_id","key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_created_idx" ON "api_keys" USING btree ("tenant_id","created_at");