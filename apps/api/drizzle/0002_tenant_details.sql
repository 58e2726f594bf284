ALTER TABLE "tenants" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "verification_status" text DEFAULT 'not-started' NOT NULL;