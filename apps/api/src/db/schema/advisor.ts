import type { ChatCitation, ChatItemType, ChatPosition, ChatPrompt, ChatSender, ChatStatus } from '@tessera/domain';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A user's AI advisor chats (issue #24), per tenant: only their owner reads them. The title is the first question,
 * cut; `last_message_at` orders the list and decides which thread goes past the per-user cap.
 */
export const advisorThreads = pgTable(
  'advisor_threads',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('advisor_threads_user_idx').on(t.tenantId, t.userId, t.lastMessageAt.desc())],
);
export type AdvisorThreadRow = typeof advisorThreads.$inferSelect;

/** The items of a thread: questions and finished answers (a typing answer lives only on the socket until it finishes). */
export const advisorMessages = pgTable(
  'advisor_messages',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    threadId: objectIdColumn('thread_id').notNull(),
    userId: objectIdColumn('user_id').notNull(),
    type: text('type').$type<ChatItemType>().notNull().default('message'),
    sender: text('sender').$type<ChatSender>().notNull(),
    position: text('position').$type<ChatPosition>().notNull(),
    status: text('status').$type<ChatStatus>().notNull().default('success'),
    message: text('message').notNull(),
    prompts: jsonb('prompts').$type<ChatPrompt[]>().notNull().default([]),
    citations: jsonb('citations').$type<ChatCitation[]>().notNull().default([]),
    /** Which model answered (an advisor item): 'builtin' or the configured model's name. */
    model: text('model'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Items by thread, newest first: the panel's pages and the history handed to the model.
    index('advisor_messages_thread_idx').on(t.tenantId, t.threadId, t.createdAt.desc(), t.id.desc()),
    foreignKey({
      columns: [t.tenantId, t.threadId],
      foreignColumns: [advisorThreads.tenantId, advisorThreads.id],
      name: 'advisor_messages_thread_fk',
    }).onDelete('cascade'),
  ],
);
export type AdvisorMessageRow = typeof advisorMessages.$inferSelect;
