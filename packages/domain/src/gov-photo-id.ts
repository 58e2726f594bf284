import { z } from 'zod';
import { countryCode } from './geo.ts';
import { pageQuery, timestamp } from './http.ts';
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
  .meta({
    id: 'GovPhotoIdCreate',
    description:
      "A government photo ID: all nine fields are required; the front and back are documents the caller uploaded, the optional individual profile one of the caller's.",
    examples: [
      {
        type: 'passport',
        number: 'X12345678',
        expirationDate: '2033-05-31',
        issuingCountry: 'US',
        issuingState: 'NY',
        issuingDate: '2023-06-01',
        issuingAuthority: 'U.S. Department of State',
        documentFrontId: '6745a1c2e4b0a1b2c3d4e5f6',
        documentBackId: '6745a1c2e4b0a1b2c3d4e5f7',
        individualProfile: '6745a1c2e4b0a1b2c3d4e5f2',
      },
    ],
  });
export type GovPhotoIdCreateBody = z.input<typeof govPhotoIdCreateBody>;

export const govPhotoIdUpdateBody = z
  .object(fields)
  .partial()
  .meta({
    id: 'GovPhotoIdUpdate',
    description: 'The fields of the ID to change; fields left out stay as they are.',
    examples: [{ expirationDate: '2034-05-31', issuingAuthority: 'U.S. Department of State' }],
  });
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
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'GovPhotoId',
    description: "One of the caller's government photo IDs; the number is masked unless the owner reveals it.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f4',
        user: '6745a1c2e4b0a1b2c3d4e5f1',
        individualProfile: '6745a1c2e4b0a1b2c3d4e5f2',
        type: 'passport',
        number: '*****5678',
        expirationDate: '2033-05-31',
        issuingCountry: 'US',
        issuingState: 'NY',
        issuingDate: '2023-06-01',
        issuingAuthority: 'U.S. Department of State',
        documentFrontId: '6745a1c2e4b0a1b2c3d4e5f6',
        documentBackId: '6745a1c2e4b0a1b2c3d4e5f7',
        createdAt: '2026-11-20T14:10:00.000Z',
        updatedAt: '2026-11-20T14:10:00.000Z',
      },
    ],
  });
export type GovPhotoId = z.infer<typeof govPhotoId>;

export const govPhotoIdQuery = pageQuery.extend({
  individualProfile: objectId.optional().describe("Only the IDs of this one of the caller's individual profiles"),
});
export type GovPhotoIdQuery = z.infer<typeof govPhotoIdQuery>;
export const revealQuery = z.object({
  reveal: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('true: the owner gets the number in full'),
});

/** §2: an ID is listed as 'issuing country type - number'. */
export function govPhotoIdLabel(id: Pick<GovPhotoId, 'issuingCountry' | 'type' | 'number'>): string {
  return `${id.issuingCountry} ${govPhotoIdTypeLabels[id.type]} - ${id.number}`;
}
