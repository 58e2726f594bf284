import type { Branding, Contact, IdentityVerificationStatus } from '@tessera/domain';
import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';

/** A tenant is its own distribution key: tenant-scoped tables carry tenant_id = tenants.id. */
export const tenants = pgTable(
  'tenants',
  {
    id: objectIdColumn('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    branding: jsonb('branding').$type<Branding>().notNull(),
    description: text('description'),
    website: text('website'),
    contact: jsonb('contact').$type<Contact>(),
    /** The provider's check of the organisation behind the tenant. */
    verificationStatus: text('verification_status').$type<IdentityVerificationStatus>().notNull().default('not-started'),
    /** Where applicants are told to write (001 §2 rejection screens); the platform's support address when null. */
    supportEmail: text('support_email'),
    /** The 2025 high-minimum-investment accreditation path (SEC staff letter of 12 March 2025); off by default. */
    highMinimumPath: boolean('high_minimum_path').notNull().default(false),
    /** Owners and institution team members must sign in with a second factor (issue #21); off by default. */
    requireMfa: boolean('require_mfa').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tenants_slug_key').on(t.slug)],
);
export type TenantRow = typeof tenants.$inferSelect;
