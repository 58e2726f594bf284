import type { AccessResourceType, AccessSubjectType, TenantRole } from '@tessera/domain';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';

/** Who may use a resource and with which role, until when. An invited e-mail is held by the account the invite created. */
export const accessGrants = pgTable(
  'access_grants',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    resource: objectIdColumn('resource').notNull(),
    resourceType: text('resource_type').$type<AccessResourceType>().notNull(),
    resourceEmail: text('resource_email'),
    subject: objectIdColumn('subject').notNull(),
    subjectType: text('subject_type').$type<AccessSubjectType>().notNull(),
    subjectEmail: text('subject_email').notNull(),
    role: text('role').$type<TenantRole>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdBy: objectIdColumn('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('access_grants_resource_subject_key').on(t.tenantId, t.resourceType, t.resource, t.subject),
    index('access_grants_subject_idx').on(t.tenantId, t.subject, t.resourceType),
  ],
);
export type AccessGrantRow = typeof accessGrants.$inferSelect;
