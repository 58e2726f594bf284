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
    /** Text extracted by parse, so search finds words inside the file. */
    parsedText: text('parsed_text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('documents_uploader_idx').on(t.tenantId, t.uploadedBy, t.createdAt)],
);
export type DocumentRow = typeof documents.$inferSelect;
