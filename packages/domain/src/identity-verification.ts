import { z } from 'zod';
import { identityVerificationStatus } from './enums.ts';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';

/**
 * Identity verification (spec 001 §2 'Identity verification screen', §4, §7, §8; issue #18): an inquiry is opened for
 * the signed-in user, shown in a 400×650 frame (the built-in inquiry, a page of the app, or Persona's hosted flow),
 * and its result is confirmed by the server with the provider before the user's status becomes approved.
 */

export const identityProvider = z.enum(['builtin', 'persona']);
export type IdentityProvider = z.infer<typeof identityProvider>;

export const identityDocumentType = z.enum(['passport', 'drivers-license']);
export type IdentityDocumentType = z.infer<typeof identityDocumentType>;
export const identityDocumentTypeLabels: Record<IdentityDocumentType, string> = {
  passport: 'Passport',
  'drivers-license': "US driver's license",
};

/** The pictures of a built-in inquiry: the document's front (a passport's data page), a licence's back, a selfie. */
export const identityDocumentSide = z.enum(['front', 'back', 'selfie']);
export type IdentityDocumentSide = z.infer<typeof identityDocumentSide>;
export const identityDocumentSideLabels: Record<IdentityDocumentSide, string> = {
  front: 'Front of the document',
  back: 'Back of the document',
  selfie: 'Selfie',
};

/** An inquiry's status, in the words of the user's identity verification status (§4). */
export const identityInquiryStatus = identityVerificationStatus.extract(['started', 'submitted', 'approved', 'rejected', 'error']);
export type IdentityInquiryStatus = z.infer<typeof identityInquiryStatus>;

/** The verifier's verdict: manual-review leaves the inquiry submitted for a reviewer. */
export const identityOutcome = z.enum(['approved', 'rejected', 'manual-review']);
export type IdentityOutcome = z.infer<typeof identityOutcome>;
export const identityOutcomeLabels: Record<IdentityOutcome, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  'manual-review': 'Needs manual review',
};

export const identityCheckName = z.enum([
  'document-readable',
  'check-digits',
  'not-expired',
  'first-name-matches-typed',
  'last-name-matches-typed',
  'birth-date-matches-typed',
  'document-number-matches-typed',
  'name-matches-profile',
  'birth-date-matches-profile',
  'selfie-present',
]);
export type IdentityCheckName = z.infer<typeof identityCheckName>;
export const identityCheckLabels: Record<IdentityCheckName, string> = {
  'document-readable': 'Document readable',
  'check-digits': 'Check digits',
  'not-expired': 'Not expired',
  'first-name-matches-typed': 'First name matches',
  'last-name-matches-typed': 'Last name matches',
  'birth-date-matches-typed': 'Birth date matches',
  'document-number-matches-typed': 'Document number matches',
  'name-matches-profile': 'Name matches the profile',
  'birth-date-matches-profile': 'Birth date matches the profile',
  'selfie-present': 'Selfie present',
};

export const identityCheckStatus = z.enum(['passed', 'failed', 'not-applicable']);
export type IdentityCheckStatus = z.infer<typeof identityCheckStatus>;

export const identityCheck = z
  .object({
    name: identityCheckName,
    status: identityCheckStatus,
    detail: z.string().describe('A sentence a reviewer can act on'),
  })
  .meta({
    id: 'IdentityCheck',
    description: "One check of an inquiry's document, with a sentence saying what was compared.",
    examples: [
      {
        name: 'birth-date-matches-typed',
        status: 'failed',
        detail: 'The birth date on the document (1980-02-01) differs from the one typed (1980-01-02).',
      },
    ],
  });
export type IdentityCheck = z.infer<typeof identityCheck>;

const day = (label: string) =>
  z.iso.date({ error: (issue) => (issue.input ? `${label} must be a date (YYYY-MM-DD)` : `${label} is required`) });
const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

/** What a document says (or what was typed): every field optional, as a document may not show them all. */
export const identityDocumentFields = z
  .object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    birthDate: z.string().optional(),
    documentType: identityDocumentType.optional(),
    documentNumber: z.string().optional().describe("Masked ('*****4567') for anyone but the person"),
    expiryDate: z.string().optional(),
    issuingCountry: z.string().optional(),
    nationality: z.string().optional(),
    sex: z.enum(['M', 'F', 'X']).optional(),
    address: z
      .object({
        line1: z.string().optional(),
        city: z.string().optional(),
        state: z.string().optional(),
        zip: z.string().optional(),
        country: z.string().optional(),
      })
      .optional(),
  })
  .meta({
    id: 'IdentityDocumentFields',
    description: "A document's fields as read (or as the person typed them); a field the document does not show is left out.",
    examples: [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthDate: '1980-01-02',
        documentType: 'passport',
        documentNumber: '*****4567',
        expiryDate: '2031-05-01',
        issuingCountry: 'GB',
      },
    ],
  });
export type IdentityDocumentFields = z.infer<typeof identityDocumentFields>;

/** PUT user/{id}/onboarding/identity: the built-in inquiry's personal fields (§7 'Save identity widget data'). */
export const identityFieldsBody = z
  .object({
    inquiryId: objectId.describe('The open built-in inquiry'),
    documentType: identityDocumentType,
    firstName: name('First name'),
    lastName: name('Last name'),
    birthDate: day('Birth date'),
    documentNumber: z
      .string({ error: 'Document number is required' })
      .trim()
      .min(1, 'Document number is required')
      .max(40, 'Document number must be at most 40 characters')
      .regex(/^[A-Za-z0-9 -]+$/, 'Document number may hold only letters, digits, spaces and hyphens'),
    expiryDate: day('Expiry date'),
  })
  .refine((b) => b.birthDate < b.expiryDate, { message: 'The expiry date must be after the birth date', path: ['expiryDate'] })
  .meta({
    id: 'IdentityFields',
    description:
      'What the person types in the built-in inquiry, compared with what the document says. The birth date must be before the expiry date.',
    examples: [
      {
        inquiryId: '6745a1c2e4b0a1b2c3d4e5f9',
        documentType: 'passport',
        firstName: 'Ada',
        lastName: 'Lovelace',
        birthDate: '1980-01-02',
        documentNumber: 'X1234567',
        expiryDate: '2031-05-01',
      },
    ],
  });
export type IdentityFieldsBody = z.input<typeof identityFieldsBody>;

/** The multipart form of PUT user/{id}/onboarding/identity/documents (its text fields; the picture is `file`). */
export const identityDocumentForm = z.object({
  inquiryId: objectId.describe('The open built-in inquiry'),
  side: identityDocumentSide.describe("Which picture: the document's front, a licence's back, or a selfie"),
});

/** The body of submit and complete: which inquiry. */
export const identityInquiryRef = z.object({ inquiryId: objectId.describe("One of the caller's inquiries") }).meta({
  id: 'IdentityInquiryRef',
  description: 'Names one of the caller’s inquiries.',
  examples: [{ inquiryId: '6745a1c2e4b0a1b2c3d4e5f9' }],
});
export type IdentityInquiryRef = z.infer<typeof identityInquiryRef>;

export const identityInquiryParams = z.object({
  id: objectId.describe("The user's id (24 hexadecimal characters)"),
  inquiryId: objectId.describe("The inquiry's id"),
});

export const identityInquiry = z
  .object({
    _id: objectId,
    user: objectId,
    provider: identityProvider,
    status: identityInquiryStatus,
    documentType: identityDocumentType.nullable(),
    uploads: z.object({ front: z.boolean(), back: z.boolean(), selfie: z.boolean() }).describe('Which pictures the built-in inquiry holds'),
    fields: identityDocumentFields.nullable().describe('What the person typed (built-in inquiries), null until saved'),
    outcome: identityOutcome.nullable().describe("The verifier's or provider's verdict, null until there is one"),
    checks: z.array(identityCheck),
    document: identityDocumentFields.nullable().describe('What the document says, as read; null until read'),
    submittedAt: timestamp.nullable(),
    decidedAt: timestamp.nullable(),
    completedAt: timestamp.nullable().describe('When the server confirmed the result with the provider'),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({
    id: 'IdentityInquiry',
    description:
      "One identity inquiry of a user: its provider, status, the pictures and fields given, and the verdict with each check and the document's fields.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5f9',
        user: '6745a1c2e4b0a1b2c3d4e5f1',
        provider: 'builtin',
        status: 'approved',
        documentType: 'passport',
        uploads: { front: true, back: false, selfie: true },
        fields: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          birthDate: '1980-01-02',
          documentType: 'passport',
          documentNumber: 'X1234567',
          expiryDate: '2031-05-01',
        },
        outcome: 'approved',
        checks: [{ name: 'not-expired', status: 'passed', detail: 'The document expires on 2031-05-01.' }],
        document: { firstName: 'Ada', lastName: 'Lovelace', birthDate: '1980-01-02', documentNumber: 'X1234567', expiryDate: '2031-05-01' },
        submittedAt: '2026-11-27T09:31:00.000Z',
        decidedAt: '2026-11-27T09:31:04.000Z',
        completedAt: '2026-11-27T09:31:06.000Z',
        createdAt: '2026-11-27T09:30:00.000Z',
        updatedAt: '2026-11-27T09:31:06.000Z',
      },
    ],
  });
export type IdentityInquiry = z.infer<typeof identityInquiry>;

/** How the browser shows the inquiry: our own page in the frame, or Persona's hosted flow. */
export const inquiryEmbed = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('frame'), url: z.string().describe("The built-in inquiry's page, on this app's origin") }),
    z.object({
      kind: z.literal('persona'),
      inquiryId: z.string(),
      sessionToken: z.string().optional(),
      environmentId: z.string(),
      templateId: z.string(),
    }),
  ])
  .meta({
    id: 'InquiryEmbed',
    description: "What the screen frames: the built-in inquiry's page (`frame`), or Persona's hosted flow for an inquiry (`persona`).",
    examples: [{ kind: 'frame', url: '/identity-inquiry/6745a1c2e4b0a1b2c3d4e5f9' }],
  });
export type InquiryEmbed = z.infer<typeof inquiryEmbed>;

export const openedIdentityInquiry = z.object({ inquiry: identityInquiry, embed: inquiryEmbed }).meta({
  id: 'OpenedIdentityInquiry',
  description: 'A new inquiry and how to show it.',
  examples: [
    {
      inquiry: {
        _id: '6745a1c2e4b0a1b2c3d4e5f9',
        user: '6745a1c2e4b0a1b2c3d4e5f1',
        provider: 'builtin',
        status: 'started',
        documentType: null,
        uploads: { front: false, back: false, selfie: false },
        fields: null,
        outcome: null,
        checks: [],
        document: null,
        submittedAt: null,
        decidedAt: null,
        completedAt: null,
        createdAt: '2026-11-27T09:30:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
      },
      embed: { kind: 'frame', url: '/identity-inquiry/6745a1c2e4b0a1b2c3d4e5f9' },
    },
  ],
});
export type OpenedIdentityInquiry = z.infer<typeof openedIdentityInquiry>;

/** The reviewer's read: the user's status and their latest inquiry (null when they never opened one). */
export const identityVerificationReview = z
  .object({
    user: objectId,
    identityVerificationStatus,
    inquiry: identityInquiry.nullable(),
  })
  .meta({
    id: 'IdentityVerificationReview',
    description:
      "A user's identity verification status and latest inquiry with its outcome, checks and the document's fields (numbers masked for anyone but the user).",
    examples: [{ user: '6745a1c2e4b0a1b2c3d4e5f1', identityVerificationStatus: 'not-started', inquiry: null }],
  });
export type IdentityVerificationReview = z.infer<typeof identityVerificationReview>;

/** Persona's webhook event, as much as the route documents; the adapter verifies and reads the rest. */
export const personaWebhookBody = z
  .object({
    data: z
      .object({
        type: z.string().optional(),
        id: z.string().optional(),
        attributes: z.object({ name: z.string().optional() }).loose().optional(),
      })
      .loose(),
  })
  .loose()
  .meta({
    id: 'PersonaWebhookEvent',
    description: "A Persona event, signed in the Persona-Signature header with the webhook's secret.",
    examples: [{ data: { type: 'event', id: 'evt_XGuYWp7WDXW3ZTxjPzVmG1uT', attributes: { name: 'inquiry.approved' } } }],
  });

export const webhookReceipt = z.object({ received: z.literal(true), duplicate: z.boolean() }).meta({
  id: 'WebhookReceipt',
  description: 'The event was taken (or had been already).',
  examples: [{ received: true, duplicate: false }],
});

/** §2: the widget's frame; §8: the screen's texts. */
export const IDENTITY_WIDGET_SIZE = { width: 400, height: 650 } as const;
export const IDENTITY_TEXTS = {
  saved: 'Your information has been saved successfully',
  failed: 'Something went wrong',
  incomplete: 'You must complete your verification to continue',
} as const;

/** The built-in inquiry's page (outside the main layout, framed by the screen) and Persona's return page. */
export const IDENTITY_INQUIRY_PAGE_PREFIX = '/identity-inquiry/';
export const identityInquiryPagePath = (inquiryId: string) => `${IDENTITY_INQUIRY_PAGE_PREFIX}${inquiryId}`;
export const PERSONA_RETURN_PATH = `${IDENTITY_INQUIRY_PAGE_PREFIX}persona-return`;
/** Persona's hosted flow, framed on the screen; the CSP's frame-src names this origin when Persona is configured. */
export const PERSONA_HOSTED_FLOW_ORIGIN = 'https://inquiry.withpersona.com';

/** What the framed inquiry tells the screen (window.postMessage, same origin only). */
export const identityInquiryMessage = z.object({
  source: z.literal('tessera-identity-inquiry'),
  event: z.enum(['completed', 'cancelled']),
  inquiryId: z.string(),
});
export type IdentityInquiryMessage = z.infer<typeof identityInquiryMessage>;

/** The API paths of the user's identity verification (under /api/v1). */
export const identityPaths = {
  root: (userId: string) => `/user/${userId}/onboarding/identity`,
  inquiries: (userId: string) => `/user/${userId}/onboarding/identity/inquiries`,
  inquiry: (userId: string, inquiryId: string) => `/user/${userId}/onboarding/identity/inquiries/${inquiryId}`,
  documents: (userId: string) => `/user/${userId}/onboarding/identity/documents`,
  submit: (userId: string) => `/user/${userId}/onboarding/identity/submit`,
  complete: (userId: string) => `/user/${userId}/onboarding/identity/complete`,
};

/** Every letter and digit but the last four hidden: 'X1234567' → '****4567'. */
export function maskDocumentNumber(value: string): string {
  const total = value.replace(/[^0-9a-z]/gi, '').length;
  let seen = 0;
  return value.replace(/[0-9a-z]/gi, (c) => (++seen > total - 4 ? c : '*'));
}
