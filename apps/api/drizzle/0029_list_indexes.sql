-- #25 scale lists: each list's first page walks an index in its order instead of sorting every matching row: the
-- members lists (newest first in a tenant), the platform admin's offers of every tenant (newest first) and the
-- entity timelines (created_at, then id); the share options count other active members from an index alone.
DROP INDEX "tenant_members_tenant_status_idx";--> statement-breakpoint
DROP INDEX "timeline_events_entity_idx";--> statement-breakpoint
CREATE INDEX "tenant_members_tenant_created_idx" ON "tenant_members" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "offers_created_idx" ON "offers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tenant_members_tenant_status_idx" ON "tenant_members" USING btree ("tenant_id","membership_status","created_at","user_id");--> statement-breakpoint
CREATE INDEX "timeline_events_entity_idx" ON "timeline_events" USING btree ("tenant_id","entity_type","entity","created_at","id");