import { z } from 'zod';
import { countryCode } from './geo.ts';
import { objectId } from './ids.ts';

export const govPhotoIdType = z.enum(['passport', 'driver-license', 'military-id', 'other']);
export type GovPhotoIdType = z.infer<typeof govPhotoIdType>;
export const DEFAULT_GOV_PHOTO_ID_TYPE: GovPhotoIdType = 'passport';
export const govPhotoIdTypeLabels: Record<GovPhotoIdType, string> = {
  passport: 'Passport',
  'driver-license': "Driver's License",
  'military-id': 'Military ID',
  other: 'Other',
};

/** §8 texts of the identity tab. */
export const GOV_ID_TEXTS = {
  submitted: 'Gov Photo ID Submitted — Once we have verified your information, you will be notified via email.',
  empty: 'No government photo IDs found',
} as const;
export const SUPPORT_EMAIL = 'support@tessera.local';

const required = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);
const day = (label: string) =>
  z.iso.date({ error: (issue) => (issue.input ? `${label} must be a date (YYYY-MM-DD)` : `${label} is required`) });

const fields = {
  type: govPhotoIdType,
  number: required('Number'),
  expirationDate: day('Expiration date').describe('Not before the issuing date: "The expiration date must be after the issuing date"'),
  issuingCountry: countryCode,
  issuingState: required('Issuing state'),
  issuingDate: day('Issuing date'),
  issuingAuthority: required('Issuing authority'),
  documentFrontId: objectId,
  documentBackId: objectId,
};

/** §5: every one of the nine fields is required to create an ID. */
export const govPhotoIdCreateBody = z
  .object({ ...fields, individualProfile: objectId.optional() })
  .refine((b) => b.issuingDate <= b.expirationDate, {
    message: 'The expiration date must be after the issuing date',
    path: ['expirationDate'],
  })
  .describe('GovPhotoIdCreateBody');
export type GovPhotoIdCreateBody = z.input<typeof govPhotoIdCreateBody>;

export const govPhotoIdUpdateBody = z.object(fields).partial().describe('GovPhotoIdUpdateBody');
export type GovPhotoIdUpdateBody = z.input<typeof govPhotoIdUpdateBody>;

export const govPhotoId = z
  .object({
    _id: objectId,
    user: objectId,
    individualProfile: objectId.nullable(),
    type: govPhotoIdType,
    /** Masked ('*****1234') unless the owner asked to reveal it. */
    number: z.string(),
    expirationDate: z.string(),
    issuingCountry: z.string(),
    issuingState: z.string(),
    issuingDate: z.string(),
    issuingAuthority: z.string(),
    documentFrontId: objectId,
    documentBackId: objectId,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe('GovPhotoId');
export type GovPhotoId = z.infer<typeof govPhotoId>;

export const govPhotoIdQuery = z.object({ individualProfile: objectId.optional() }).describe('GovPhotoIdQuery');
export const revealQuery = z.object({
  reveal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** §2: an ID is listed as 'issuing country type - number'. */
export function govPhotoIdLabel(id: Pick<GovPhotoId, 'issuingCountry' | 'type' | 'number'>): string {
  return `${id.issuingCountry} ${govPhotoIdTypeLabels[id.type]} - ${id.number}`;
}
