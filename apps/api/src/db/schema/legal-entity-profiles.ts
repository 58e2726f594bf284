import type { Contact, FiduciaryRole, Gics, IdentityVerificationStatus, LegalEntityType, StakeholderType } from '@tessera/domain';
import { foreignKey, index, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { individualProfiles, type StoredImage } from './individual-profiles.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** A company, trust or other entity a user keeps in their passport; tenant-scoped and owned by one user. */
export const legalEntityProfiles = pgTable(
  'legal_entity_profiles',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    ownerId: objectIdColumn('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    displayname: text('displayname'),
    website: text('website'),
    image: jsonb('image').$type<StoredImage>(),
    legalEntityType: text('legal_entity_type').$type<LegalEntityType>().notNull(),
    parentLegalEntityId: objectIdColumn('parent_legal_entity_id'),
    gics: jsonb('gics').$type<Gics>().notNull(),
    contact: jsonb('contact').$type<Contact>().notNull(),
    natureOfBusiness: text('nature_of_business'),
    countryOfOrganization: text('country_of_organization'),
    stateOfOrganization: text('state_of_organization'),
    financialAccountIds: text('financial_account_ids').array().notNull().default([]),
    verificationStatus: text('verification_status').$type<IdentityVerificationStatus>().notNull().default('not-started'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('legal_entity_profiles_owner_idx').on(t.tenantId, t.ownerId, t.createdAt),
    index('legal_entity_profiles_parent_idx').on(t.tenantId, t.parentLegalEntityId),
  ],
);
export type LegalEntityProfileRow = typeof legalEntityProfiles.$inferSelect;

/** §3 ownership stakeholders: each names an individual profile of the entity's owner. */
export const legalEntityStakeholders = pgTable(
  'legal_entity_stakeholders',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    legalEntityProfileId: objectIdColumn('legal_entity_profile_id').notNull(),
    individualProfileId: objectIdColumn('individual_profile_id').notNull(),
    stakeholderType: text('stakeholder_type').$type<StakeholderType>().notNull(),
    title: text('title'),
    /** Percent with two decimals; null for fiduciaries. */
    equity: numeric('equity', { precision: 5, scale: 2, mode: 'number' }),
    fiduciaryRole: text('fiduciary_role').$type<FiduciaryRole>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.legalEntityProfileId],
      foreignColumns: [legalEntityProfiles.tenantId, legalEntityProfiles.id],
      name: 'legal_entity_stakeholders_profile_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.individualProfileId],
      foreignColumns: [individualProfiles.tenantId, individualProfiles.id],
      name: 'legal_entity_stakeholders_individual_fk',
    }).onDelete('cascade'),
    index('legal_entity_stakeholders_profile_idx').on(t.tenantId, t.legalEntityProfileId, t.createdAt),
    index('legal_entity_stakeholders_individual_idx').on(t.tenantId, t.individualProfileId),
  ],
);
export type LegalEntityStakeholderRow = typeof legalEntityStakeholders.$inferSelect;
