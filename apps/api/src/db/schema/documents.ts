import type { DocumentEntityType, DocumentType } from '@tessera/domain';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn, updatedAt } from './columns.ts';

/** Uploaded files and their metadata; the bytes live in file storage under `storage_key`, never under the client's name. */
export const documents = pgTable(
  'documents',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<DocumentType>().notNull(),
    entityType: text('entity_type').$type<DocumentEntityType>().notNull(),
    tags: text('tags').array().notNull().default([]),
    description: text('description'),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    uploadedBy: objectIdColumn('uploaded_by').notNull(),
    /**
     * Text extracted by parse (issue #21: classified, `documents-parsed-text` in lib/pii.ts): FieldCipher ciphertext,
     * kept so the search terms can be made again under a new key.
     */
    parsedTextEncrypted: text('parsed_text_encrypted'),
    /** What search matches instead of the text: each distinct word of it as a keyed hash (FieldCipher.searchTerms). */
    parsedTerms: text('parsed_terms').array(),
    /**
     * Text parsed before issue #21, stored plain: start-up encrypts it into the two columns above and clears this one
     * (documents `sealLegacyParsedText`), so after the first start of this version it is always null.
     */
    legacyParsedText: text('parsed_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('documents_uploader_idx').on(t.tenantId, t.uploadedBy, t.createdAt)],
);
export type DocumentRow = typeof documents.$inferSelect;
