import type { WorkflowConfig, WorkflowStatus, WorkflowStep, WorkflowType } from '@tessera/domain';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * Workflows (001 §3): a person's step-by-step path through an investment (or an accreditation, an identity check).
 * The steps and what the workflow is about (config: offer, institution, documents, amount) are JSON, read and
 * written whole with the workflow. config's offer and institution point at tenant rows without a foreign key: an
 * investment's record must outlive a deleted offer.
 */
export const workflows = pgTable(
  'workflows',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    ownerId: objectIdColumn('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: objectIdColumn('created_by').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<WorkflowType>().notNull(),
    status: text('status').$type<WorkflowStatus>().notNull().default('in-progress'),
    name: text('name').notNull(),
    description: text('description'),
    currentStepKey: text('current_step_key'),
    steps: jsonb('steps').$type<WorkflowStep[]>().notNull().default([]),
    config: jsonb('config').$type<WorkflowConfig>().notNull(),
    /** config's offer and its institution as columns, so the institution's list and the offer filter use an index. */
    offerId: objectIdColumn('offer_id'),
    institutionId: objectIdColumn('institution_id'),
    refs: jsonb('refs').$type<{ entity: string; entityType: 'tenant-lead' | 'tenant-member' | 'offer' } | null>(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // A person's own workflows in a tenant, by status, newest first (the investments screen).
    index('workflows_owner_status_created_idx').on(t.tenantId, t.ownerId, t.status, t.createdAt),
    // An institution's workflows (Raise mode), by status, newest first.
    index('workflows_institution_status_created_idx').on(t.tenantId, t.institutionId, t.status, t.createdAt),
    // A person's workflows for one offer ('Invest Now' finds the one in progress).
    index('workflows_offer_owner_idx').on(t.tenantId, t.offerId, t.ownerId),
  ],
);
export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;
