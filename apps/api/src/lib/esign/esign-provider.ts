/**
 * The e-signature provider behind the workflow's e-signature step (issue #20). The built-in signer (the default, works
 * offline) lives in modules/esign: it fills, stamps and seals the agreement itself. An external provider — a
 * DocuSign-style REST service — replaces it when ESIGN_PROVIDER=external: it makes the envelope from a template, shows
 * its own embedded signing page, tells us by a signed webhook when the signing is complete, and hands over the signed PDF.
 */
export interface ExternalEnvelopeRequest {
  /** The provider's template (the workflow's config.esignTemplateId, else ESIGN_TEMPLATE_ID). */
  templateId: string;
  signer: { name: string; email: string /** Our user id: the provider's embedded-signing recipient id. */; clientUserId: string };
  /** Prefilled text fields of the template, by their label. */
  fields: Record<string, string>;
  /** Where the provider sends the signer back to after signing. */
  returnUrl: string;
}

export interface ExternalEnvelope {
  envelopeId: string;
  /** The embedded signing page for the signer. */
  signingUrl: string;
}

/** What a verified webhook says. */
export interface ExternalEsignEvent {
  envelopeId: string;
  status: 'completed' | 'declined' | 'voided' | 'other';
  /** Signer's address and time as the provider recorded them, when it sends them. */
  ip: string | null;
  at: string | null;
}

export interface ExternalEsignProvider {
  readonly kind: 'external';
  createEnvelope(request: ExternalEnvelopeRequest): Promise<ExternalEnvelope>;
  /** Checks the webhook's HMAC over the raw body (400 when it does not verify) and reads the event. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ExternalEsignEvent;
  /** The completed envelope's signed PDF. */
  downloadSignedPdf(envelopeId: string): Promise<Buffer>;
}
