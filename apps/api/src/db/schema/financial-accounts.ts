import type { FinancialAccountType } from '@tessera/domain';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** A user's financial accounts. The number holds only FieldCipher ciphertext. */
export const financialAccounts = pgTable(
  'financial_accounts',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountName: text('account_name').notNull(),
    type: text('type').$type<FinancialAccountType>().notNull(),
    numberEncrypted: text('number_encrypted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('financial_accounts_user_idx').on(t.tenantId, t.userId, t.createdAt)],
);
export type FinancialAccountRow = typeof financialAccounts.$inferSelect;
