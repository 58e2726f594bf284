import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';

/** Mail kept locally when no SMTP server is configured; read through the dev mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: objectIdColumn('id').primaryKey(),
    tenantId: objectIdColumn('tenant_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);
