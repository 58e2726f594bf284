import type { ApplicationStatus, ApplicationType } from '@tessera/domain';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * Accreditation applications (000 §3, 001 §3): the summary the lists read, plus where the applicant's wizard
 * stands (current question, the completed ones in order, the answers) so the wizard can resume and go back.
 * business_id and approval_doc point at tenant rows (a business, a document) without a foreign key: a composite
 * key could only cascade or refuse, and deleting the business or document must not delete or block the application.
 */
export const applications = pgTable(
  'applications',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ApplicationType>().notNull().default('accreditation'),
    status: text('status').$type<ApplicationStatus>().notNull().default('not-started'),
    businessId: objectIdColumn('business_id'),
    currentQuestionId: text('current_question_id'),
    completedQuestionIds: jsonb('completed_question_ids').$type<string[]>().notNull().default([]),
    questionData: jsonb('question_data').$type<Record<string, unknown>>().notNull().default({}),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reviewedBy: objectIdColumn('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    approvalDoc: objectIdColumn('approval_doc'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The applicant's own applications in a tenant, newest first.
    index('applications_user_idx').on(t.tenantId, t.userId, t.createdAt),
    // The admin list: one tenant (optionally one status), or every tenant filtered by status, newest first.
    index('applications_tenant_status_created_idx').on(t.tenantId, t.status, t.createdAt),
    index('applications_status_created_idx').on(t.status, t.createdAt),
    index('applications_created_idx').on(t.createdAt),
  ],
);
export type ApplicationRow = typeof applications.$inferSelect;
