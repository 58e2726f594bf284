import type { Contact, Gender, IdentityVerificationStatus } from '@tessera/domain';
import { date, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** The stored profile image: where its bytes live and what they are. */
export interface StoredImage {
  id: string;
  key: string;
  mimeType: string;
  size: number;
}

/** A user's individual profiles. ssn, tin and ein hold only FieldCipher ciphertext. */
export const individualProfiles = pgTable(
  'individual_profiles',
  {
    tenantId: objectIdColumn('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    middlename: text('middlename').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    birthPlace: text('birth_place'),
    gender: text('gender').$type<Gender>(),
    citizenship: text('citizenship'),
    occupation: text('occupation'),
    crd: text('crd'),
    ssnEncrypted: text('ssn_encrypted'),
    tinEncrypted: text('tin_encrypted'),
    einEncrypted: text('ein_encrypted'),
    image: jsonb('image').$type<StoredImage>(),
    contact: jsonb('contact').$type<Contact>().notNull(),
    govPhotoIds: text('gov_photo_ids').array().notNull().default([]),
    financialAccountIds: text('financial_account_ids').array().notNull().default([]),
    verificationStatus: text('verification_status').$type<IdentityVerificationStatus>().notNull().default('not-started'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('individual_profiles_user_idx').on(t.tenantId, t.userId, t.createdAt)],
);
export type IndividualProfileRow = typeof individualProfiles.$inferSelect;
