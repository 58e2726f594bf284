import { z } from 'zod';
import { accessGrant, accessRights } from './access-grant.ts';
import { timelineEntityType } from './enums.ts';
import { pageQuery, timestamp } from './http.ts';
import { objectId } from './ids.ts';
import { IMAGE_WIDTHS } from './image-widths.ts';

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

const exampleDocument = {
  _id: '6745a1c2e4b0a1b2c3d4e5f6',
  name: '2025 tax return',
  type: 'INCOME_TAX',
  entityType: 'USER',
  tags: ['tax', '2025'],
  description: 'Federal return as filed',
  mimeType: 'application/pdf',
  size: 248311,
  url: '/api/v1/document/6745a1c2e4b0a1b2c3d4e5f6/download',
  uploadedBy: '6745a1c2e4b0a1b2c3d4e5f1',
  originalName: 'tax-return-2025.pdf',
  parsed: true,
  rights: { read: true, update: true, delete: true, share: true },
  createdAt: '2026-11-24T11:15:00.000Z',
  updatedAt: '2026-11-24T11:16:00.000Z',
};

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
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'Document',
    description: "An uploaded file's metadata and what the caller may do with it; the bytes download from `url`.",
    examples: [exampleDocument],
  });
export type DocumentRecord = z.infer<typeof documentRecord>;

const tag = z.string().trim().min(1, 'A tag cannot be empty').max(50, 'A tag must be at most 50 characters');
const tags = z
  .array(tag)
  .max(20, 'At most 20 tags')
  .transform((list) => [...new Set(list)]);
const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');
const description = z.string().trim().max(2000, 'Description must be at most 2000 characters').nullable();

/** Tags as a multipart form sends them: one text, comma-separated or a JSON array. */
const formTags = z
  .string()
  .max(2000, 'Tags must be at most 2000 characters')
  .optional()
  .describe('Tags, comma-separated or a JSON array: at most 20, each 1 to 50 characters')
  .transform((v) => parseTagList(v) ?? [])
  .pipe(tags);

/** An empty form field is a field left out. */
const formText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

/**
 * The text fields of POST document's multipart form (§5: name, type and entity type are required). The route
 * publishes this schema and the service validates the form with it.
 */
export const documentMetadata = z.object({
  name: name.describe('The name lists show'),
  type: documentType.describe('What the document is'),
  entityType: documentEntityType.describe('What kind of entity it is about'),
  tags: formTags,
  description: formText('Description', 2000)
    .transform((v) => v ?? null)
    .describe('What it holds, at most 2000 characters'),
});
/** The metadata as the app holds it before it is sent as form fields. */
export type DocumentMetadata = z.output<typeof documentMetadata>;

export const documentUpdateBody = z
  .object({
    name: name.optional(),
    type: documentType.optional(),
    entityType: documentEntityType.optional(),
    tags: tags.optional(),
    description: description.optional(),
  })
  .meta({
    id: 'DocumentUpdate',
    description: 'The metadata to change; fields left out stay as they are.',
    examples: [{ name: '2025 tax return (amended)', tags: ['tax', '2025', 'amended'], description: 'Amended federal return' }],
  });
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

export const documentQuery = pageQuery.extend({
  type: documentType.optional().describe('Only documents of this type'),
  entityType: documentEntityType.optional().describe('Only documents about this kind of entity'),
  tags: z
    .preprocess((v) => parseTagList(v as string | string[] | undefined), z.array(z.string()).optional())
    .describe('Only documents carrying every one of these tags (comma-separated or a JSON array)'),
  search: z
    .string()
    .trim()
    .max(200, 'search must be at most 200 characters')
    .optional()
    .describe('Words in the name, file name, description or parsed text'),
});
export type DocumentQuery = z.infer<typeof documentQuery>;

export const documentParseResult = z.object({ document: documentRecord, characters: z.number().int() }).meta({
  id: 'DocumentParseResult',
  description: 'The document after its text was extracted, and how many characters were found.',
  examples: [
    {
      document: exampleDocument,
      characters: 18342,
    },
  ],
});
export type DocumentParseResult = z.infer<typeof documentParseResult>;

export const documentAssociations = z
  .object({
    grants: z.array(accessGrant),
    entities: z.array(z.object({ entity: objectId, entityType: timelineEntityType, label: z.string() })),
  })
  .meta({
    id: 'DocumentAssociations',
    description: 'Who the document is shared with (for those who may share it) and the entities it belongs to.',
    examples: [
      {
        grants: [],
        entities: [{ entity: '6745a1c2e4b0a1b2c3d4e5f4', entityType: 'gov-photo-id', label: 'US Passport - *****5678' }],
      },
    ],
  });
export type DocumentAssociations = z.infer<typeof documentAssociations>;

/** An uploaded image (§3): its id and where it is served. */
export const image = z.object({ _id: objectId, url: z.string() }).meta({
  id: 'Image',
  description: 'An uploaded image: its id and the address it is served from.',
  examples: [{ _id: '6745a1c2e4b0a1b2c3d4e5f3', url: '/api/v1/image/6745a1c2e4b0a1b2c3d4e5f3' }],
});
export type Image = z.infer<typeof image>;

/** The text fields of POST image's multipart form, all optional; the route publishes this schema and the service validates with it. */
export const imageMetadata = z.object({
  name: formText('Name', 200).describe('A name, at most 200 characters (default: the file name)'),
  type: formText('Type', 50).describe('A free label of what the image is, at most 50 characters'),
  tags: formTags,
});

/** §4/§9: upload messages, hidden after 2 seconds. */
export const UPLOAD_TOAST = { success: 'File uploaded', failure: 'Failed to upload file', hideAfterMs: 2000 } as const;

export const documentUrl = (id: string) => `/api/v1/document/${id}/download`;
export const imageUrl = (id: string) => `/api/v1/image/${id}`;

/** The optional `w` of an image address: one of IMAGE_WIDTHS. */
export const imageWidthQuery = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w) => (IMAGE_WIDTHS as readonly number[]).includes(w), `w must be one of ${IMAGE_WIDTHS.join(', ')}`)
    .optional()
    .describe(
      `A width in pixels (${IMAGE_WIDTHS.join(', ')}): the image that wide as WebP, made on the first ask and kept; an image no wider (or a GIF) is sent as it is`,
    ),
});

/**
 * The query of a signed image address, `/api/v1/tenant/{t}/images/{id}?exp=…&sig=…`: the API mints one for a
 * private image of one tenant in the responses that show it, so an `<img>` (which cannot send the bearer token)
 * loads it. It works for that image on that tenant's address only, until `exp`.
 */
export const signedImageQuery = z
  .object({
    exp: z.coerce.number().int().positive().describe('When the address stops working, in seconds since 1970 (UTC)'),
    sig: z
      .string()
      .regex(/^[\w-]{43}$/, 'sig must be 43 base64url characters')
      .describe("The API's signature of the tenant, the image and exp (43 base64url characters)"),
  })
  .extend(imageWidthQuery.shape);
