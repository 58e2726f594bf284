import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenantMembers } from './tenant-members.ts';
import { tenants } from './tenants.ts';

/** Tenant member groups: named sets of members that access rules can refer to. */
export const memberGroups = pgTable(
  'member_groups',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('member_groups_tenant_name_key').on(t.tenantId, t.name),
    index('member_groups_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
export type MemberGroupRow = typeof memberGroups.$inferSelect;

/** Which members belong to which group; removing a member or a group removes its rows. */
export const memberGroupMembers = pgTable(
  'member_group_members',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    groupId: objectIdColumn('group_id').notNull(),
    memberId: objectIdColumn('member_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.memberId] }),
    index('member_group_members_member_idx').on(t.tenantId, t.memberId),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [memberGroups.tenantId, memberGroups.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.memberId], foreignColumns: [tenantMembers.tenantId, tenantMembers.id] }).onDelete('cascade'),
  ],
);
