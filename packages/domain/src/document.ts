import { z } from 'zod';
import { accessGrant, accessRights } from './access-grant.ts';
import { timelineEntityType } from './enums.ts';
import { pageQuery } from './http.ts';
import { objectId } from './ids.ts';

/** §3 document types; the values are stable identifiers, the labels what people read. */
export const documentType = z.enum([
  'INCOME_TAX',
  'OWNERSHIP',
  'EVAL_LETTER',
  'ASSET',
  'LIABILITY',
  'SEC_LICENSE',
  'CREDIT_REPORT',
  'accredited-investor-letter',
  'operating-agreement',
  'private-placement-memorandum',
  'subscription-agreement',
  'wire-instructions',
  'GOVERNMENT_ID',
  'OTHER',
]);
export type DocumentType = z.infer<typeof documentType>;
export const documentTypeLabels: Record<DocumentType, string> = {
  INCOME_TAX: 'Income Tax',
  OWNERSHIP: 'Ownership',
  EVAL_LETTER: 'Evaluation Letter',
  ASSET: 'Asset',
  LIABILITY: 'Liability',
  SEC_LICENSE: 'SEC License',
  CREDIT_REPORT: 'Credit Report',
  'accredited-investor-letter': 'Accredited Investor Letter',
  'operating-agreement': 'Operating Agreement',
  'private-placement-memorandum': 'Private Placement Memorandum',
  'subscription-agreement': 'Subscription Agreement',
  'wire-instructions': 'Wire Instructions',
  GOVERNMENT_ID: 'Government ID',
  OTHER: 'Other',
};

export const documentEntityType = z.enum(['USER', 'BUSINESS', 'INSTITUTION', 'OFFER', 'OTHER']);
export type DocumentEntityType = z.infer<typeof documentEntityType>;
export const documentEntityTypeLabels: Record<DocumentEntityType, string> = {
  USER: 'User',
  BUSINESS: 'Business',
  INSTITUTION: 'Institution',
  OFFER: 'Offer',
  OTHER: 'Other',
};

/** §3: a document is shown as an image when its type starts with image. */
export const isImageMimeType = (mimeType: string | null | undefined) => Boolean(mimeType?.startsWith('image'));

export const documentRecord = z
  .object({
    _id: objectId,
    name: z.string(),
    type: documentType,
    entityType: documentEntityType,
    tags: z.array(z.string()),
    description: z.string().nullable(),
    mimeType: z.string(),
    size: z.number().int(),
    /** Where the bytes download from (with the bearer token). */
    url: z.string(),
    uploadedBy: objectId,
    originalName: z.string(),
    /** True once parse has extracted the text, so search finds words inside the file. */
    parsed: z.boolean(),
    /** What the caller may do with it. */
    rights: accessRights,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('Document');
export type DocumentRecord = z.infer<typeof documentRecord>;

const tag = z.string().trim().min(1, 'A tag cannot be empty').max(50, 'A tag must be at most 50 characters');
const tags = z
  .array(tag)
  .max(20, 'At most 20 tags')
  .transform((list) => [...new Set(list)]);
const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');
const description = z.string().trim().max(2000, 'Description must be at most 2000 characters').nullable();

/** The metadata of an upload and of an edit (§5: name, type and entity type are required). */
export const documentMetadata = z
  .object({
    name,
    type: documentType,
    entityType: documentEntityType,
    tags: tags.default([]),
    description: description.default(null),
  })
  .describe('DocumentMetadata');
export type DocumentMetadata = z.input<typeof documentMetadata>;

export const documentUpdateBody = z
  .object({
    name: name.optional(),
    type: documentType.optional(),
    entityType: documentEntityType.optional(),
    tags: tags.optional(),
    description: description.optional(),
  })
  .describe('DocumentUpdateBody');
export type DocumentUpdateBody = z.input<typeof documentUpdateBody>;

/** Tags in a multipart form or a query: a JSON array or comma-separated text. */
export function parseTagList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.flatMap((v) => parseTagList(v) ?? []);
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON: read it as comma-separated text below.
    }
  }
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export const documentQuery = pageQuery
  .extend({
    type: documentType.optional(),
    entityType: documentEntityType.optional(),
    tags: z.preprocess((v) => parseTagList(v as string | string[] | undefined), z.array(z.string()).optional()),
    search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  })
  .describe('DocumentQuery');
export type DocumentQuery = z.infer<typeof documentQuery>;

export const documentParseResult = z.object({ document: documentRecord, characters: z.number().int() }).describe('DocumentParseResult');
export type DocumentParseResult = z.infer<typeof documentParseResult>;

export const documentAssociations = z
  .object({
    grants: z.array(accessGrant),
    entities: z.array(z.object({ entity: objectId, entityType: timelineEntityType, label: z.string() })),
  })
  .describe('DocumentAssociations');
export type DocumentAssociations = z.infer<typeof documentAssociations>;

/** An uploaded image (§3): its id and where it is served. */
export const image = z.object({ _id: objectId, url: z.string() }).describe('Image');
export type Image = z.infer<typeof image>;

export const imageMetadata = z
  .object({
    name: z.string().trim().max(200, 'Name must be at most 200 characters').optional(),
    type: z.string().trim().max(50, 'Type must be at most 50 characters').optional(),
    tags: tags.optional(),
  })
  .describe('ImageMetadata');

/** §4/§9: upload messages, hidden after 2 seconds. */
export const UPLOAD_TOAST = { success: 'File uploaded', failure: 'Failed to upload file', hideAfterMs: 2000 } as const;

export const documentUrl = (id: string) => `/api/v1/document/${id}/download`;
export const imageUrl = (id: string) => `/api/v1/image/${id}`;
