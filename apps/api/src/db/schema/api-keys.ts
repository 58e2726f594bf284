import type { ApiKeyKind, ApiKeyScope } from '@tessera/domain';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';
import { institutions } from './institutions.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * API keys of a tenant, or of one of its institutions (institution_id set). Only the SHA-256 of a key is kept,
 * with its first characters for display. An institution's keys go with it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    institutionId: objectIdColumn('institution_id'),
    kind: text('kind').$type<ApiKeyKind>().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    label: text('label'),
    createdBy: objectIdColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /** The client address of the last use, written with last_used_at. */
    lastUsedIp: text('last_used_ip'),
    /** What the key may do (issue #23); see apiKeyScope. */
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    /** Public keys: the web origins allowed to use it from a browser (CORS). */
    allowedOrigins: text('allowed_origins').array().notNull().default([]),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('api_keys_hash_idx').on(t.tenantId, t.keyHash),
    index('api_keys_created_idx').on(t.tenantId, t.createdAt),
    index('api_keys_institution_idx').on(t.tenantId, t.institutionId),
    foreignKey({
      columns: [t.tenantId, t.institutionId],
      foreignColumns: [institutions.tenantId, institutions.id],
      name: 'api_keys_institution_fk',
    }).onDelete('cascade'),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
