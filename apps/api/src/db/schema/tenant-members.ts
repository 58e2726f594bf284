import type { MemberAttributes, MemberPreferences, MembershipStatus, TenantRole } from '@tessera/domain';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

export const tenantMembers = pgTable(
  'tenant_members',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstname: text('firstname'),
    middlename: text('middlename'),
    lastname: text('lastname'),
    image: text('image'),
    tags: text('tags').array().notNull().default([]),
    membershipStatus: text('membership_status').$type<MembershipStatus>().notNull(),
    rbacId: objectIdColumn('rbac_id').notNull(),
    role: text('role').$type<TenantRole>().notNull(),
    attributes: jsonb('attributes').$type<MemberAttributes>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    preferences: jsonb('preferences').$type<MemberPreferences>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tenant_members_tenant_user_key').on(t.tenantId, t.userId),
    index('tenant_members_user_idx').on(t.userId),
    // With the user: the share options' count of the other active members is an index-only scan (#25).
    index('tenant_members_tenant_status_idx').on(t.tenantId, t.membershipStatus, t.createdAt, t.userId),
    // The members lists' default order, newest first (#25: a busy tenant's 50,000 members were sorted for each page).
    index('tenant_members_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    // Role filter of the members list and the last-owner check.
    index('tenant_members_tenant_role_idx').on(t.tenantId, t.role, t.createdAt),
  ],
);
export type TenantMemberRow = typeof tenantMembers.$inferSelect;
