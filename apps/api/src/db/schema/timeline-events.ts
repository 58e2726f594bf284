import type { TimelineEntityType, TimelineEventType, TimelineMeta } from '@tessera/domain';
import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';

export const timelineEvents = pgTable(
  'timeline_events',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    type: text('type').$type<TimelineEventType>().notNull(),
    entity: text('entity').notNull(),
    entityType: text('entity_type').$type<TimelineEntityType>().notNull(),
    message: text('message').notNull(),
    userId: objectIdColumn('user_id'),
    meta: jsonb('meta').$type<TimelineMeta>().notNull(),
    refs: jsonb('refs').$type<{ entity: string; entityType: TimelineEntityType }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // With the id, the timelines' order (created_at, id) comes off the index, so a page reads its 20 events, not all
    // of the entity's (#25: an institution's 8,334 events were fetched, joined to their users and sorted).
    index('timeline_events_entity_idx').on(t.tenantId, t.entityType, t.entity, t.createdAt, t.id),
    index('timeline_events_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('timeline_events_created_idx').on(t.tenantId, t.createdAt),
  ],
);
export type TimelineEventRow = typeof timelineEvents.$inferSelect;
