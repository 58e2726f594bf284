import type { AnalyticsEventInput, AnalyticsEventType } from '@tessera/domain';
import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    type: text('type').$type<AnalyticsEventType>().notNull(),
    tid: text('tid').notNull(),
    userId: objectIdColumn('user_id'),
    client: jsonb('client').$type<AnalyticsEventInput['client']>(),
    environment: jsonb('environment').$type<AnalyticsEventInput['environment']>(),
    userAgent: text('user_agent'),
    meta: jsonb('meta').$type<AnalyticsEventInput['meta']>(),
    offerId: objectIdColumn('offer_id'),
    institutionId: objectIdColumn('institution_id'),
    documentId: objectIdColumn('document_id'),
    imageId: objectIdColumn('image_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('analytics_events_type_idx').on(t.tenantId, t.type, t.createdAt),
    index('analytics_events_offer_idx').on(t.tenantId, t.offerId, t.createdAt),
    index('analytics_events_institution_idx').on(t.tenantId, t.institutionId, t.createdAt),
    // A person's engagement, newest first (a lead's Activity tab).
    index('analytics_events_user_idx').on(t.tenantId, t.userId, t.createdAt),
    // Raw events older than ANALYTICS_RETENTION_DAYS are deleted across tenants, oldest first (#25).
    index('analytics_events_created_idx').on(t.createdAt),
  ],
);
