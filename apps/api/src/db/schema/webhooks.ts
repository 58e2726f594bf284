import type { WebhookAttempt, WebhookDeliveryStatus, WebhookEvent, WebhookEventType } from '@tessera/domain';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { institutions } from './institutions.ts';
import { tenants } from './tenants.ts';

/**
 * Webhook endpoints of a tenant (institution_id null) or of one institution (issue #23). The signing secret is kept
 * encrypted with the field cipher (it must be read back to sign), with its first characters in clear for display.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    institutionId: objectIdColumn('institution_id'),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secretEncrypted: text('secret_encrypted').notNull(),
    secretPrefix: text('secret_prefix').notNull(),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_endpoints_owner_idx').on(t.tenantId, t.institutionId),
    // An institution's endpoints go with it (migration 0026).
    foreignKey({
      columns: [t.tenantId, t.institutionId],
      foreignColumns: [institutions.tenantId, institutions.id],
      name: 'webhook_endpoints_institution_fk',
    }).onDelete('cascade'),
  ],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one endpoint: the outbox the dispatcher sends from, written in the transaction of the change that
 * raised the event, and the record of every attempt. The dispatcher claims due rows across tenants
 * (status pending/retrying, next_attempt_at ≤ now) with FOR UPDATE SKIP LOCKED, so several API nodes send each once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    endpointId: objectIdColumn('endpoint_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    payload: jsonb('payload').$type<WebhookEvent>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: jsonb('attempts').$type<WebhookAttempt[]>().notNull().default([]),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    /** Set while a dispatcher is sending it, so a crashed node's claim expires. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    replayOf: objectIdColumn('replay_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webhook_deliveries_endpoint_idx').on(t.tenantId, t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    // An endpoint's deliveries go with it (migration 0026).
    foreignKey({
      columns: [t.tenantId, t.endpointId],
      foreignColumns: [webhookEndpoints.tenantId, webhookEndpoints.id],
      name: 'webhook_deliveries_endpoint_fk',
    }).onDelete('cascade'),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
