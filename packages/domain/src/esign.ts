import { z } from 'zod';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';

/**
 * E-signature of a workflow's subscription agreement (001 §2 e-signature step). The built-in signer fills the offer's
 * subscription agreement with the workflow's data, stamps the signature with signer, time, address and the document's
 * hash, and seals the file with the tenant's certificate; an external provider (template id from the offer's config)
 * can replace it.
 */
export const esignProviderKind = z.enum(['builtin', 'external']);
export type EsignProviderKind = z.infer<typeof esignProviderKind>;

export const esignEnvelopeStatus = z.enum(['created', 'signed', 'voided']);
export type EsignEnvelopeStatus = z.infer<typeof esignEnvelopeStatus>;

export const esignEventType = z.enum(['created', 'viewed', 'signed', 'sealed', 'completed', 'voided', 'verified']);
export type EsignEventType = z.infer<typeof esignEventType>;
export const esignEventLabels: Record<EsignEventType, string> = {
  created: 'Agreement prepared',
  viewed: 'Agreement viewed',
  signed: 'Signed',
  sealed: 'Sealed with the digital certificate',
  completed: 'Signing completed',
  voided: 'Voided',
  verified: 'Verified',
};

export const esignEvent = z.object({
  type: esignEventType,
  at: timestamp,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  actor: z.string().nullable().describe('Who acted, by name'),
});
export type EsignEvent = z.infer<typeof esignEvent>;

export const esignEnvelope = z
  .object({
    _id: objectId,
    workflow: objectId,
    provider: esignProviderKind,
    status: esignEnvelopeStatus,
    signerName: z.string().nullable(),
    signedAt: timestamp.nullable(),
    unsignedSha256: z.string().nullable().describe('SHA-256 of the filled agreement as shown before signing'),
    signedSha256: z.string().nullable().describe('SHA-256 of the signed, sealed file'),
    signedDocument: objectId.nullable().describe('The signed subscription agreement (GET document/{id})'),
    certificateDocument: objectId.nullable().describe('The certificate of completion (GET document/{id})'),
    signingUrl: z.string().nullable().describe("An external provider's signing page; null for the built-in signer"),
    events: z.array(esignEvent),
    createdAt: timestamp,
  })
  .meta({
    id: 'EsignEnvelope',
    description: "A signing of a workflow's subscription agreement, its files once signed, and every event with time and address.",
    examples: [
      {
        _id: '6745a1c2e4b0a1b2c3d4e5c1',
        workflow: '6745a1c2e4b0a1b2c3d4e5e1',
        provider: 'builtin',
        status: 'signed',
        signerName: 'Jane Doe',
        signedAt: '2026-11-27T10:00:00.000Z',
        unsignedSha256: 'a3f1…',
        signedSha256: '9b2c…',
        signedDocument: '6745a1c2e4b0a1b2c3d4e5c2',
        certificateDocument: '6745a1c2e4b0a1b2c3d4e5c3',
        signingUrl: null,
        events: [{ type: 'signed', at: '2026-11-27T10:00:00.000Z', ip: '203.0.113.7', userAgent: 'Mozilla/5.0', actor: 'Jane Doe' }],
        createdAt: '2026-11-27T09:58:00.000Z',
      },
    ],
  });
export type EsignEnvelope = z.infer<typeof esignEnvelope>;

// Drawn first: the signature pad is the step's first choice (and a request sampled from the schema is then valid).
export const signatureKind = z.enum(['drawn', 'typed'], { error: 'Choose how you sign' });
export type SignatureKind = z.infer<typeof signatureKind>;

/** POST …/esignature/sign: the signer's consent and signature; a drawn signature is the one saved with PUT user/{id}/signature. */
export const signSubscriptionBody = z
  .object({
    signatureKind,
    typedName: z.string().trim().min(2, 'Type your full name').max(120).nullable().default(null),
    consent: z.literal(true, { error: 'Agree to sign electronically' }),
    /** The hash of the agreement the signer was shown: a changed agreement is refused (409). */
    unsignedSha256: z
      .string()
      .length(64, 'Must be a SHA-256 in hex')
      .regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 in hex'),
  })
  .superRefine((v, ctx) => {
    if (v.signatureKind === 'typed' && !v.typedName) ctx.addIssue({ code: 'custom', path: ['typedName'], message: 'Type your full name' });
  })
  .meta({
    id: 'EsignSign',
    description: 'Sign the prepared agreement: typed (your name) or drawn (your saved signature), with consent to sign electronically.',
    examples: [{ signatureKind: 'typed', typedName: 'Jane Doe', consent: true, unsignedSha256: 'a'.repeat(64) }],
  });
export type SignSubscriptionBody = z.input<typeof signSubscriptionBody>;

export const ESIGN_CONSENT_TEXT =
  'I agree to sign this subscription agreement electronically, and that my electronic signature is as binding as a handwritten one.';

/** What GET user/{id}/signature/info tells: whether a signature is saved, and when. */
export const userSignatureInfo = z.object({ hasSignature: z.boolean(), updatedAt: timestamp.nullable() }).meta({
  id: 'UserSignatureInfo',
  description: 'Whether the person has a saved signature.',
  examples: [{ hasSignature: true, updatedAt: '2026-11-27T09:55:00.000Z' }],
});
export type UserSignatureInfo = z.infer<typeof userSignatureInfo>;

/** POST tenant/{t}/esignature/verify: what a file's seal and hash say. */
export const esignVerification = z
  .object({
    sha256: z.string(),
    sealed: z.boolean().describe('The file carries a digital seal'),
    sealIntact: z.boolean().describe('The seal covers the whole file and nothing changed after sealing'),
    sealedBy: z.string().nullable(),
    matchesRecord: z.boolean().describe("The file's hash is that of a subscription this tenant signed"),
    record: z.object({ workflowName: z.string(), signerName: z.string().nullable(), signedAt: timestamp.nullable() }).nullable(),
    valid: z.boolean().describe('Sealed, intact and on record'),
  })
  .meta({
    id: 'EsignVerification',
    description: "A file's digital seal and hash, checked against this tenant's signed subscriptions.",
    examples: [
      {
        sha256: '9b2c…',
        sealed: true,
        sealIntact: true,
        sealedBy: 'Summit Ridge Capital',
        matchesRecord: true,
        record: { workflowName: 'Investment - Harbor Lofts', signerName: 'Jane Doe', signedAt: '2026-11-27T10:00:00.000Z' },
        valid: true,
      },
    ],
  });
export type EsignVerification = z.infer<typeof esignVerification>;

/** POST tenant/{t}/esignature/webhook: an external provider's envelope event (DocuSign Connect's JSON), read loosely. */
export const esignWebhookBody = z
  .looseObject({
    event: z.string().max(100).optional(),
    generatedDateTime: z.string().max(100).optional(),
    data: z.looseObject({ envelopeId: z.string().max(200).optional(), ipAddress: z.string().max(100).optional() }).optional(),
  })
  .meta({
    id: 'EsignWebhook',
    description: "An external e-signature provider's envelope event; the HMAC header over the raw body is what is trusted.",
    examples: [
      {
        event: 'envelope-completed',
        generatedDateTime: '2026-11-27T10:00:00Z',
        data: { envelopeId: 'b1c2d3e4-0000-4000-8000-000000000001' },
      },
    ],
  });
