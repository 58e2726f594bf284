CREATE TABLE "member_group_members" (
	"tenant_id" char(24) NOT NULL,
	"group_id" char(24) NOT NULL,
	"member_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_group_members_tenant_id_group_id_member_id_pk" PRIMARY KEY("tenant_id","group_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_groups" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "member_group_members" ADD CONSTRAINT "member_group_members_tenant_id_group_id_member_groups_tenant_id_id_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."member_groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_members" ADD CONSTRAINT "member_group_members_tenant_id_member_id_tenant_members_tenant_id_id_fk" FOREIGN KEY ("tenant_id","member_id") REFERENCES "public"."tenant_members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_groups" ADD CONSTRAINT "member_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_group_members_member_idx" ON "member_group_members" USING btree ("tenant_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_groups_tenant_name_key" ON "member_groups" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "member_groups_tenant_created_idx" ON "member_groups" USING btree ("tenant_id","created_at");