CREATE TABLE "documents" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"entity_type" text NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"description" text,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"uploaded_by" char(24) NOT NULL,
	"parsed_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "access_grants" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"resource" char(24) NOT NULL,
	"resource_type" text NOT NULL,
	"resource_email" text,
	"subject" char(24) NOT NULL,
	"subject_type" text NOT NULL,
	"subject_email" text NOT NULL,
	"role" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_grants_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text,
	"type" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "gov_photo_ids" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"individual_profile_id" char(24),
	"type" text NOT NULL,
	"number_encrypted" text NOT NULL,
	"expiration_date" text NOT NULL,
	"issuing_country" text NOT NULL,
	"issuing_state" text NOT NULL,
	"issuing_date" text NOT NULL,
	"issuing_authority" text NOT NULL,
	"document_front_id" char(24) NOT NULL,
	"document_back_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gov_photo_ids_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "individual_profiles" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"middlename" text DEFAULT '' NOT NULL,
	"birth_date" date,
	"birth_place" text,
	"gender" text,
	"citizenship" text,
	"occupation" text,
	"crd" text,
	"ssn_encrypted" text,
	"tin_encrypted" text,
	"ein_encrypted" text,
	"image" jsonb,
	"contact" jsonb NOT NULL,
	"gov_photo_ids" text[] DEFAULT '{}' NOT NULL,
	"financial_account_ids" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "individual_profiles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "financial_accounts" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"account_name" text NOT NULL,
	"type" text NOT NULL,
	"number_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_accounts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_entity_profiles" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"owner_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"displayname" text,
	"website" text,
	"image" jsonb,
	"legal_entity_type" text NOT NULL,
	"parent_legal_entity_id" char(24),
	"gics" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"nature_of_business" text,
	"country_of_organization" text,
	"state_of_organization" text,
	"financial_account_ids" text[] DEFAULT '{}' NOT NULL,
	"verification_status" text DEFAULT 'not-started' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_entity_profiles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "legal_entity_stakeholders" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"legal_entity_profile_id" char(24) NOT NULL,
	"individual_profile_id" char(24) NOT NULL,
	"stakeholder_type" text NOT NULL,
	"title" text,
	"equity" numeric(5, 2),
	"fiduciary_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_entity_stakeholders_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "business_owners" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"business_id" char(24) NOT NULL,
	"user_id" char(24),
	"email" text NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"line1" text,
	"line2" text,
	"city" text,
	"state" text,
	"zip" text,
	"country" text NOT NULL,
	"title" text NOT NULL,
	"equity" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_owners_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"created_by" char(24) NOT NULL,
	"name" text NOT NULL,
	"dba" text NOT NULL,
	"website" text,
	"email" text,
	"phone" text,
	"net_worth" numeric(18, 2) NOT NULL,
	"revenue" numeric(18, 2) NOT NULL,
	"ein_encrypted" text NOT NULL,
	"business_type" text NOT NULL,
	"parent_id" char(24),
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "individual_profiles" ADD CONSTRAINT "individual_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "individual_profiles" ADD CONSTRAINT "individual_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_accounts" ADD CONSTRAINT "financial_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entity_profiles" ADD CONSTRAINT "legal_entity_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entity_profiles" ADD CONSTRAINT "legal_entity_profiles_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entity_stakeholders" ADD CONSTRAINT "legal_entity_stakeholders_profile_fk" FOREIGN KEY ("tenant_id","legal_entity_profile_id") REFERENCES "public"."legal_entity_profiles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_entity_stakeholders" ADD CONSTRAINT "legal_entity_stakeholders_individual_fk" FOREIGN KEY ("tenant_id","individual_profile_id") REFERENCES "public"."individual_profiles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owners" ADD CONSTRAINT "business_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_owners" ADD CONSTRAINT "business_owners_business_fk" FOREIGN KEY ("tenant_id","business_id") REFERENCES "public"."businesses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_uploader_idx" ON "documents" USING btree ("tenant_id","uploaded_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_resource_subject_key" ON "access_grants" USING btree ("tenant_id","resource_type","resource","subject");--> statement-breakpoint
CREATE INDEX "access_grants_subject_idx" ON "access_grants" USING btree ("tenant_id","subject","resource_type");--> statement-breakpoint
CREATE INDEX "images_uploader_idx" ON "images" USING btree ("tenant_id","uploaded_by");--> statement-breakpoint
CREATE INDEX "gov_photo_ids_user_idx" ON "gov_photo_ids" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "individual_profiles_user_idx" ON "individual_profiles" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "financial_accounts_user_idx" ON "financial_accounts" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_entity_profiles_owner_idx" ON "legal_entity_profiles" USING btree ("tenant_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_entity_profiles_parent_idx" ON "legal_entity_profiles" USING btree ("tenant_id","parent_legal_entity_id");--> statement-breakpoint
CREATE INDEX "legal_entity_stakeholders_profile_idx" ON "legal_entity_stakeholders" USING btree ("tenant_id","legal_entity_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "legal_entity_stakeholders_individual_idx" ON "legal_entity_stakeholders" USING btree ("tenant_id","individual_profile_id");--> statement-breakpoint
CREATE INDEX "business_owners_business_idx" ON "business_owners" USING btree ("tenant_id","business_id","created_at");--> statement-breakpoint
CREATE INDEX "businesses_created_by_idx" ON "businesses" USING btree ("tenant_id","created_by","created_at");