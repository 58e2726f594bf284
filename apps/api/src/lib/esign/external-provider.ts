import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../app-error.ts';
import type { ExternalEnvelope, ExternalEnvelopeRequest, ExternalEsignEvent, ExternalEsignProvider } from './esign-provider.ts';

/** The external provider's settings, from the environment (ESIGN_*). */
export interface ExternalEsignConfig {
  /** The REST API's base URL, e.g. https://demo.docusign.net/restapi/v2.1. */
  apiUrl: string;
  accountId: string;
  /** A bearer token of the account. */
  token: string;
  /** The HMAC key the provider signs its webhooks with. */
  webhookSecret: string;
  /** The template used when neither the workflow nor the offer names one. */
  templateId: string | null;
}

/** The header the provider puts the webhook's HMAC in (base64 of HMAC-SHA256 over the raw body); rotation adds -2. */
export const WEBHOOK_SIGNATURE_HEADERS = ['x-docusign-signature-1', 'x-docusign-signature-2'];
const TIMEOUT_MS = 15_000;
/** A signed agreement is a few hundred KB; more than this is not one. */
const MAX_PDF_BYTES = 25 * 1024 * 1024;

export const webhookSignature = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('base64');

const STATUSES: Record<string, ExternalEsignEvent['status']> = {
  completed: 'completed',
  'envelope-completed': 'completed',
  declined: 'declined',
  'envelope-declined': 'declined',
  voided: 'voided',
  'envelope-voided': 'voided',
};

/**
 * A DocuSign-style adapter: envelopes from a template with one embedded signer (`clientUserId`) and prefilled text
 * tabs, the recipient view for the signing URL, Connect webhooks signed with HMAC-SHA256, the combined signed PDF.
 */
export function createExternalEsignProvider(config: ExternalEsignConfig): ExternalEsignProvider {
  const base = `${config.apiUrl.replace(/\/+$/, '')}/accounts/${encodeURIComponent(config.accountId)}`;
  async function call(path: string, init: { method: 'GET' | 'POST'; body?: unknown; accept?: string }): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${config.token}`,
          accept: init.accept ?? 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('unavailable', 'The e-signature provider cannot be reached; try again later', { cause: error });
    }
    if (!res.ok) throw new AppError('unavailable', `The e-signature provider refused the request (${res.status})`);
    return res;
  }
  const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

  return {
    kind: 'external',
    async createEnvelope(request: ExternalEnvelopeRequest): Promise<ExternalEnvelope> {
      const role = {
        roleName: 'Investor',
        name: request.signer.name,
        email: request.signer.email,
        clientUserId: request.signer.clientUserId,
        tabs: { textTabs: Object.entries(request.fields).map(([tabLabel, value]) => ({ tabLabel, value })) },
      };
      const created = await json(
        await call('/envelopes', { method: 'POST', body: { templateId: request.templateId, templateRoles: [role], status: 'sent' } }),
      );
      const envelopeId = typeof created.envelopeId === 'string' ? created.envelopeId : null;
      if (!envelopeId) throw new AppError('unavailable', 'The e-signature provider did not return an envelope');
      const view = await json(
        await call(`/envelopes/${encodeURIComponent(envelopeId)}/views/recipient`, {
          method: 'POST',
          body: {
            authenticationMethod: 'none',
            returnUrl: request.returnUrl,
            userName: request.signer.name,
            email: request.signer.email,
            clientUserId: request.signer.clientUserId,
          },
        }),
      );
      if (typeof view.url !== 'string') throw new AppError('unavailable', 'The e-signature provider did not return a signing page');
      return { envelopeId, signingUrl: view.url };
    },
    verifyWebhook(rawBody, headers): ExternalEsignEvent {
      const expected = Buffer.from(webhookSignature(config.webhookSecret, rawBody));
      const given = WEBHOOK_SIGNATURE_HEADERS.map((h) => headers[h]).filter((v): v is string => typeof v === 'string');
      const ok = given.some((g) => {
        const candidate = Buffer.from(g.trim());
        return candidate.length === expected.length && timingSafeEqual(candidate, expected);
      });
      if (!ok) throw new AppError('bad-request', 'The webhook signature does not verify');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw new AppError('bad-request', 'The body is not valid JSON');
      }
      const data = (body.data ?? {}) as Record<string, unknown>;
      const envelopeId = data.envelopeId ?? body.envelopeId;
      if (typeof envelopeId !== 'string' || !envelopeId) throw new AppError('bad-request', 'The webhook names no envelope');
      const event = typeof body.event === 'string' ? body.event : typeof body.status === 'string' ? body.status : '';
      const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
      return { envelopeId, status: STATUSES[event] ?? 'other', ip: str(data.ipAddress), at: str(body.generatedDateTime) };
    },
    async downloadSignedPdf(envelopeId) {
      const res = await call(`/envelopes/${encodeURIComponent(envelopeId)}/documents/combined`, {
        method: 'GET',
        accept: 'application/pdf',
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > MAX_PDF_BYTES || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new AppError('unavailable', 'The e-signature provider did not return a PDF');
      return bytes;
    },
  };
}
