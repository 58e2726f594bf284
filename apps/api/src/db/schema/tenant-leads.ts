import type { LeadInviteStatus, LeadOrigin } from '@tessera/domain';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';

/**
 * Leads (002 §3 TenantLead): people an institution's team works with. One lead per e-mail and institution. The
 * person's membership of the tenant (`tenant_member_id`) is linked when they are invited or already are a member; the
 * account status shown is that membership's. `institution_id` and `tenant_member_id` point at tenant rows without a
 * foreign key (the composite keys would need the tenant column twice); the leads service deletes with its institution.
 */
export const tenantLeads = pgTable(
  'tenant_leads',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    institutionId: objectIdColumn('institution_id').notNull(),
    firstname: text('firstname').notNull(),
    middlename: text('middlename'),
    lastname: text('lastname').notNull(),
    /** Lower-cased by the schema that takes it. */
    email: text('email').notNull(),
    phone: text('phone'),
    company: text('company'),
    companyTitle: text('company_title'),
    origin: text('origin').$type<LeadOrigin>().notNull().default('manual'),
    interests: text('interests').array().notNull().default([]),
    tags: text('tags').array().notNull().default([]),
    imageId: objectIdColumn('image_id'),
    tenantMemberId: objectIdColumn('tenant_member_id'),
    inviteStatus: text('invite_status').$type<LeadInviteStatus>().notNull().default('none'),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tenant_leads_institution_email_key').on(t.tenantId, t.institutionId, t.email),
    // The list, newest first, and the inbound chart of a window; the name, e-mail and search filters (contains,
    // ignoring case) read within one institution's rows of this index.
    index('tenant_leads_institution_created_idx').on(t.tenantId, t.institutionId, t.createdAt),
    // The lead of a person (automatic leads, invitation acceptance, engagement).
    index('tenant_leads_email_idx').on(t.tenantId, t.email),
    index('tenant_leads_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('tenant_leads_firstname_trgm_idx').using('gin', t.firstname.op('gin_trgm_ops')),
    index('tenant_leads_lastname_trgm_idx').using('gin', t.lastname.op('gin_trgm_ops')),
    index('tenant_leads_member_idx').on(t.tenantId, t.tenantMemberId),
  ],
);
export type TenantLeadRow = typeof tenantLeads.$inferSelect;
export type NewTenantLeadRow = typeof tenantLeads.$inferInsert;

/** Notes of the institution's team about a lead (002 §3 lead note); deleted with the lead. */
export const tenantLeadNotes = pgTable(
  'tenant_lead_notes',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    leadId: objectIdColumn('lead_id').notNull(),
    content: text('content').notNull(),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('tenant_lead_notes_lead_idx').on(t.tenantId, t.leadId, t.createdAt)],
);
export type TenantLeadNoteRow = typeof tenantLeadNotes.$inferSelect;

/** Documents shared with a lead (002 §6: the institution owns them, the lead's member may view them). */
export const tenantLeadDocuments = pgTable(
  'tenant_lead_documents',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    leadId: objectIdColumn('lead_id').notNull(),
    documentId: objectIdColumn('document_id').notNull(),
    createdBy: objectIdColumn('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.leadId, t.documentId] }),
    index('tenant_lead_documents_document_idx').on(t.tenantId, t.documentId),
  ],
);
export type TenantLeadDocumentRow = typeof tenantLeadDocuments.$inferSelect;
