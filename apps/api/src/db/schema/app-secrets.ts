import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Secrets the app generates for itself when configuration gives none (e.g. the JWT key), shared by every node. */
export const appSecrets = pgTable('app_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
