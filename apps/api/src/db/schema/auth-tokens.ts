import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';
import { users } from './users.ts';

export type AuthTokenPurpose = 'reset' | 'invite';

/** One row per e-mailed reset or invite link (the JWT's jti), so each is single-use. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: objectIdColumn('tenant_id'),
    purpose: text('purpose').$type<AuthTokenPurpose>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);
