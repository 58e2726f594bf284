import type { RbacEntityType, TenantRole } from '@tessera/domain';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/**
 * A user's role on one institution or offer of a tenant (platform admins assign them). Tenant-level roles are not
 * kept here: they are the user's tenant membership.
 */
export const roleAssignments = pgTable(
  'role_assignments',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').$type<RbacEntityType>().notNull(),
    entityId: objectIdColumn('entity_id').notNull(),
    role: text('role').$type<TenantRole>().notNull(),
    /** An institution team membership may end (team invite expiry); null for no expiration. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('role_assignments_entity_user_key').on(t.tenantId, t.entityType, t.entityId, t.userId),
    index('role_assignments_user_idx').on(t.userId, t.createdAt),
    // An institution's team, and an offer's assignments.
    index('role_assignments_entity_idx').on(t.tenantId, t.entityType, t.entityId, t.createdAt),
  ],
);
export type RoleAssignmentRow = typeof roleAssignments.$inferSelect;
