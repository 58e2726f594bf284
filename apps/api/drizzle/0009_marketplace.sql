-- The card metrics of 002 §9 over all classes of an offer, for the generated columns below (written by hand: drizzle-kit does not manage functions).
CREATE OR REPLACE FUNCTION offer_classes_min(classes jsonb, key text) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT min((c->>key)::double precision) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(classes) = 'array' THEN classes ELSE '[]'::jsonb END) AS c
  WHERE jsonb_typeof(c->key) = 'number'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION offer_classes_max(classes jsonb, key text) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT max((c->>key)::double precision) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(classes) = 'array' THEN classes ELSE '[]'::jsonb END) AS c
  WHERE jsonb_typeof(c->key) = 'number'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION offer_classes_avg(classes jsonb, key text) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT avg((c->>key)::double precision) FROM jsonb_array_elements(CASE WHEN jsonb_typeof(classes) = 'array' THEN classes ELSE '[]'::jsonb END) AS c
  WHERE jsonb_typeof(c->key) = 'number'
$$;--> statement-breakpoint
CREATE TABLE "marketplace_settings" (
	"tenant_id" char(24) PRIMARY KEY NOT NULL,
	"handpicked_offer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" char(24),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "first_class_min_investment" double precision GENERATED ALWAYS AS (case when jsonb_typeof(classes->0->'minimumInvestment') = 'number' then (classes->0->>'minimumInvestment')::double precision end) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "first_class_irr" double precision GENERATED ALWAYS AS (case when jsonb_typeof(classes->0->'internalRateOfReturn') = 'number' then (classes->0->>'internalRateOfReturn')::double precision end) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "first_class_equity_multiple" double precision GENERATED ALWAYS AS (case when jsonb_typeof(classes->0->'equityMultiple') = 'number' then (classes->0->>'equityMultiple')::double precision end) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "card_min_investment" double precision GENERATED ALWAYS AS (offer_classes_min(classes, 'minimumInvestment')) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "card_target_irr" double precision GENERATED ALWAYS AS (offer_classes_max(classes, 'internalRateOfReturn')) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "card_equity_multiple" double precision GENERATED ALWAYS AS (offer_classes_avg(classes, 'equityMultiple')) STORED;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "card_holding_period" double precision GENERATED ALWAYS AS (offer_classes_min(classes, 'holdingPeriod')) STORED;--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD CONSTRAINT "marketplace_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_market_newest_idx" ON "offers" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE approval_status = 'approved' and published = true and visibility_status = 'visible';--> statement-breakpoint
CREATE INDEX "offers_market_name_idx" ON "offers" USING btree ("tenant_id",lower("name"),"id") WHERE approval_status = 'approved' and published = true and visibility_status = 'visible';--> statement-breakpoint
CREATE INDEX "offers_market_irr_idx" ON "offers" USING btree ("tenant_id","card_target_irr" DESC NULLS LAST,"id") WHERE approval_status = 'approved' and published = true and visibility_status = 'visible';--> statement-breakpoint
CREATE INDEX "offers_market_investment_idx" ON "offers" USING btree ("tenant_id","card_min_investment","id") WHERE approval_status = 'approved' and published = true and visibility_status = 'visible';--> statement-breakpoint
CREATE INDEX "offers_market_open_idx" ON "offers" USING btree ("tenant_id","open_date","id") WHERE approval_status = 'approved' and published = true and visibility_status = 'visible';--> statement-breakpoint
CREATE INDEX "offers_market_institution_idx" ON "offers" USING btree ("tenant_id","institution_id") WHERE approval_status = 'approved' and published = true and visibility_status = 'visible';--> statement-breakpoint
CREATE INDEX "offers_market_filter_idx" ON "offers" USING btree ("tenant_id","asset_class","type","institution_id","first_class_min_investment","first_class_irr","first_class_equity_multiple","open_date","close_date") WHERE approval_status = 'approved' and published = true and visibility_status = 'visible';--> statement-breakpoint
CREATE INDEX "offers_images_idx" ON "offers" USING gin ("images" jsonb_path_ops);