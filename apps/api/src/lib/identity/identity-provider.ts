/**
 * The seam between the identity-verification module and whoever verifies a person (spec 001 §2 'Identity verification
 * screen', §4). Two implementations, picked by configuration (`IDENTITY_PROVIDER`): the built-in verifier, which works
 * offline and reads the document itself (`verifyIdentityDocument`), and the Persona adapter (`persona-provider.ts`).
 * The module never trusts the browser's word that an inquiry finished: it asks the provider (`getInquiry`) or takes a
 * signed webhook (`parseWebhook`) before a status becomes approved.
 */

/** The kinds of document a person may show. */
export type IdentityDocumentType = 'passport' | 'drivers-license';

/** What a person typed, what a document says and what the passport profile holds: the fields compared. */
export interface IdentityFields {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  documentType: IdentityDocumentType;
  documentNumber: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  /** ISO 3166-1 alpha-2 where known (a passport's issuing state is alpha-3 in the MRZ: convert). */
  issuingCountry?: string;
  nationality?: string;
  sex?: 'M' | 'F' | 'X';
  /** A driving licence's address (AAMVA), for the individual profile. */
  address?: { line1?: string; city?: string; state?: string; zip?: string; country?: string };
}

export type IdentityCheckName =
  | 'document-readable'
  | 'check-digits'
  | 'not-expired'
  | 'first-name-matches-typed'
  | 'last-name-matches-typed'
  | 'birth-date-matches-typed'
  | 'document-number-matches-typed'
  | 'name-matches-profile'
  | 'birth-date-matches-profile'
  | 'selfie-present';

/** One check of one inquiry, stored and shown to a reviewer. */
export interface IdentityCheck {
  name: IdentityCheckName;
  status: 'passed' | 'failed' | 'not-applicable';
  /** A sentence a reviewer can act on, e.g. "The birth date on the document (1980-02-01) differs from the one typed (1980-01-02)." */
  detail: string;
}

/**
 * The verifier's verdict: approved only when the document was read and every applicable check passed; rejected when it
 * was read and a check failed (expired, mismatching); manual-review when it could not be read (never approved).
 */
export type IdentityOutcome = 'approved' | 'rejected' | 'manual-review';

export interface IdentityDecision {
  outcome: IdentityOutcome;
  checks: IdentityCheck[];
  /** What the document itself says (empty when unreadable). */
  document: Partial<IdentityFields>;
}

/** The built-in verifier's input: the images as uploaded and what the person typed. */
export interface VerifyDocumentInput {
  documentType: IdentityDocumentType;
  /** The passport's data page, or the licence's front. JPEG, PNG or WebP bytes. */
  front: Buffer;
  /** The licence's back (PDF417 barcode); absent for a passport. */
  back?: Buffer;
  selfie?: Buffer;
  typed: Pick<IdentityFields, 'firstName' | 'lastName' | 'birthDate' | 'documentNumber'>;
  /** The user's passport profile, when there is one, to compare names and birth date with. */
  profile?: { firstName?: string | null; lastName?: string | null; birthDate?: string | null };
  /** YYYY-MM-DD, from the app's clock. */
  today: string;
}

/** Reads and checks a document; CPU-heavy work (OCR, barcode) runs off the event loop. */
export type VerifyIdentityDocument = (input: VerifyDocumentInput) => Promise<IdentityDecision>;

/** A provider's view of an inquiry, mapped to our words. */
export type ProviderInquiryStatus = 'created' | 'pending' | 'completed' | 'approved' | 'declined' | 'needs-review' | 'failed' | 'expired';

export interface ProviderInquiry {
  inquiryId: string;
  status: ProviderInquiryStatus;
  fields: Partial<IdentityFields>;
  checks: IdentityCheck[];
}

/** How the browser shows the inquiry: our own page in a 400×650 frame, or Persona's embedded flow. */
export type InquiryEmbed =
  | { kind: 'frame'; url: string }
  | { kind: 'persona'; inquiryId: string; sessionToken?: string; environmentId: string; templateId: string };

/** A verified webhook, already mapped. */
export interface IdentityWebhookEvent {
  eventId: string;
  inquiryId: string;
  /** The user the inquiry was opened for (the reference id we gave the provider). */
  referenceId: string;
  status: ProviderInquiryStatus;
}

/** What the module needs from an outside identity provider (Persona); the built-in verifier lives in the module. */
export interface ExternalIdentityProvider {
  readonly name: 'persona';
  createInquiry(input: {
    referenceId: string;
    prefill: { firstName?: string; lastName?: string; birthDate?: string };
  }): Promise<{ inquiryId: string; embed: InquiryEmbed }>;
  getInquiry(inquiryId: string): Promise<ProviderInquiry>;
  /** Verifies the signature over the raw body (throws AppError 400 when it does not verify or is stale) and maps the event. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): IdentityWebhookEvent;
}
