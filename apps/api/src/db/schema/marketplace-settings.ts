import { jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { objectIdColumn } from './columns.ts';
import { tenants } from './tenants.ts';

/** A tenant's marketplace settings (001 §2): the handpicked deals of the showcase, in the chosen order. */
export const marketplaceSettings = pgTable('marketplace_settings', {
  tenantId: objectIdColumn('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  handpickedOfferIds: jsonb('handpicked_offer_ids').$type<string[]>().notNull().default([]),
  updatedBy: objectIdColumn('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type MarketplaceSettingsRow = typeof marketplaceSettings.$inferSelect;
