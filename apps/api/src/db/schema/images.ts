import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, objectIdColumn } from './columns.ts';

/** Uploaded images (profile pictures, lead images); served to members of the same tenant. */
export const images = pgTable(
  'images',
  {
    tenantId: objectIdColumn('tenant_id').notNull(),
    id: objectIdColumn('id').notNull(),
    name: text('name'),
    type: text('type'),
    tags: text('tags').array().notNull().default([]),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: objectIdColumn('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('images_uploader_idx').on(t.tenantId, t.uploadedBy)],
);
export type ImageRow = typeof images.$inferSelect;
