import type { Contact, CustomMetric, InstitutionImage, InstitutionType, InstitutionVideo } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';

/**
 * Institutions of a tenant (banks, funds, lenders…) that raise capital through offers. The team is kept in
 * role_assignments (entity_type 'institution'), so platform admins see it with the rest of a user's roles.
 */
export const institutions = pgTable(
  'institutions',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    type: text('type').$type<InstitutionType>().notNull().default('fund'),
    /** Sanitised HTML. */
    description: text('description'),
    descriptionShort: text('description_short'),
    customMetrics: jsonb('custom_metrics').$type<CustomMetric[]>().notNull().default([]),
    images: jsonb('images').$type<InstitutionImage[]>().notNull().default([]),
    videos: jsonb('videos').$type<InstitutionVideo[]>().notNull().default([]),
    contact: jsonb('contact').$type<Contact>(),
    /** Filled by the billing issue. */
    billing: jsonb('billing').$type<Record<string, unknown>>(),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('institutions_tenant_slug_key').on(t.tenantId, sql`lower(${t.slug})`),
    index('institutions_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('institutions_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`),
    index('institutions_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('institutions_slug_trgm_idx').using('gin', t.slug.op('gin_trgm_ops')),
  ],
);
export type InstitutionRow = typeof institutions.$inferSelect;
