import type { GovPhotoIdType } from '@tessera/domain';
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';

/** Government photo IDs of a user's passport. The number is encrypted at rest (FieldCipher); dates are 'YYYY-MM-DD'. */
export const govPhotoIds = pgTable(
  'gov_photo_ids',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    userId: objectIdColumn('user_id').notNull(),
    individualProfileId: objectIdColumn('individual_profile_id'),
    type: text('type').$type<GovPhotoIdType>().notNull(),
    numberEncrypted: text('number_encrypted').notNull(),
    expirationDate: text('expiration_date').notNull(),
    issuingCountry: text('issuing_country').notNull(),
    issuingState: text('issuing_state').notNull(),
    issuingDate: text('issuing_date').notNull(),
    issuingAuthority: text('issuing_authority').notNull(),
    documentFrontId: objectIdColumn('document_front_id').notNull(),
    documentBackId: objectIdColumn('document_back_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('gov_photo_ids_user_idx').on(t.tenantId, t.userId, t.createdAt)],
);
export type GovPhotoIdRow = typeof govPhotoIds.$inferSelect;
