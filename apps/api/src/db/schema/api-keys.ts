import type { ApiKeyKind } from '@tessera/domain';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** Tenant API keys. Only the SHA-256 of a key is kept, with its first characters for display. */
export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: objectIdColumn('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    kind: text('kind').$type<ApiKeyKind>().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    label: text('label'),
    createdBy: objectIdColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_keys_hash_idx').on(t.tenantId, t.keyHash),
    index('api_keys_created_idx').on(t.tenantId, t.createdAt),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
