import type { BusinessType } from '@tessera/domain';
import { foreignKey, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** Part 2 §3 businesses (used by business accreditation); tenant-scoped, kept by the user who created them. */
export const businesses = pgTable(
  'businesses',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    createdBy: objectIdColumn('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    dba: text('dba').notNull(),
    website: text('website'),
    email: text('email'),
    phone: text('phone'),
    netWorth: numeric('net_worth', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    revenue: numeric('revenue', { precision: 18, scale: 2, mode: 'number' }).notNull(),
    /** FieldCipher text; never the plain number. */
    einEncrypted: text('ein_encrypted').notNull(),
    businessType: text('business_type').$type<BusinessType>().notNull(),
    parentId: objectIdColumn('parent_id'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('businesses_created_by_idx').on(t.tenantId, t.createdBy, t.createdAt)],
);
export type BusinessRow = typeof businesses.$inferSelect;

/** Part 2 §3 business owners: the person (linked to a member's user when the email matches), title and equity. */
export const businessOwners = pgTable(
  'business_owners',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    businessId: objectIdColumn('business_id').notNull(),
    userId: objectIdColumn('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    line1: text('line1'),
    line2: text('line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country').notNull(),
    title: text('title').notNull(),
    equity: numeric('equity', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.businessId],
      foreignColumns: [businesses.tenantId, businesses.id],
      name: 'business_owners_business_fk',
    }).onDelete('cascade'),
    index('business_owners_business_idx').on(t.tenantId, t.businessId, t.createdAt),
  ],
);
export type BusinessOwnerRow = typeof businessOwners.$inferSelect;
