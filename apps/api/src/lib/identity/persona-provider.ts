import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../app-error.ts';
import type {
  ExternalIdentityProvider,
  IdentityCheck,
  IdentityFields,
  ProviderInquiry,
  ProviderInquiryStatus,
} from './identity-provider.ts';

/** Persona's settings, from the environment (PERSONA_*). */
export interface PersonaConfig {
  apiKey: string;
  templateId: string;
  environmentId: string;
  webhookSecret: string;
  /** https://withpersona.com/api/v1 unless a test points it at a recorder. */
  apiUrl: string;
}

/**
 * The Persona adapter: inquiries through Persona's REST API (JSON:API, kebab-case attributes, `Authorization: Bearer`
 * and a pinned `Persona-Version`), and its webhooks verified by their `Persona-Signature` (`t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "t.body" with the webhook secret>`; during a secret rotation several signatures, each may carry its
 * own `t`). Statuses, fields and verifications are mapped to our words; nothing here decides an outcome by itself.
 */

/** The API version the payloads under test/fixtures/persona were recorded with. */
export const PERSONA_API_VERSION = '2023-01-05';
/** A webhook signed longer ago than this (or this far ahead) is refused: a replay, or a clock far off. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
const TIMEOUT_MS = 10_000;

const STATUSES: Record<string, ProviderInquiryStatus> = {
  created: 'created',
  pending: 'pending',
  completed: 'completed',
  approved: 'approved',
  declined: 'declined',
  needs_review: 'needs-review',
  failed: 'failed',
  expired: 'expired',
};

/** Inquiry events and the status each implies when its payload carries none. */
const EVENT_STATUSES: Record<string, ProviderInquiryStatus> = {
  'inquiry.created': 'created',
  'inquiry.started': 'pending',
  'inquiry.completed': 'completed',
  'inquiry.approved': 'approved',
  'inquiry.declined': 'declined',
  'inquiry.failed': 'failed',
  'inquiry.expired': 'expired',
  'inquiry.marked-for-review': 'needs-review',
  'inquiry.transitioned': 'pending',
};

/** An unknown status is treated as still pending: never as approved. */
export const mapInquiryStatus = (status: unknown): ProviderInquiryStatus =>
  (typeof status === 'string' ? STATUSES[status] : undefined) ?? 'pending';

// ---- JSON:API shapes (only what is read) ----

interface Resource {
  id?: string;
  type?: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: unknown }>;
}
interface Document {
  data?: Resource;
  included?: Resource[];
  meta?: Record<string, unknown>;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** `fields: { "name-first": { type: "string", value: "Jane" } }` → "Jane". */
function fieldValue(fields: unknown, key: string): string | undefined {
  if (!fields || typeof fields !== 'object') return undefined;
  const field = (fields as Record<string, unknown>)[key];
  if (field && typeof field === 'object' && 'value' in field) return str((field as { value: unknown }).value);
  return str(field);
}

const DOCUMENT_TYPES: Record<string, IdentityFields['documentType']> = { pp: 'passport', dl: 'drivers-license' };

function mapFields(inquiry: Resource, governmentId: Resource | undefined): Partial<IdentityFields> {
  const fields = inquiry.attributes?.fields;
  const id = governmentId?.attributes ?? {};
  const out: Partial<IdentityFields> = {};
  const set = <K extends keyof IdentityFields>(key: K, value: IdentityFields[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('firstName', fieldValue(fields, 'name-first') ?? str(id['name-first']));
  set('lastName', fieldValue(fields, 'name-last') ?? str(id['name-last']));
  set('birthDate', fieldValue(fields, 'birthdate') ?? str(id.birthdate));
  set('documentNumber', fieldValue(fields, 'identification-number') ?? str(id['identification-number']));
  set('expiryDate', str(id['expiration-date']));
  set('documentType', DOCUMENT_TYPES[str(id['id-class']) ?? '']);
  set('issuingCountry', str(id['country-code']));
  const sex = str(id.sex)?.toUpperCase().charAt(0);
  if (sex === 'M' || sex === 'F' || sex === 'X') out.sex = sex;
  const address = {
    line1: fieldValue(fields, 'address-street-1') ?? str(id['address-street-1']),
    city: fieldValue(fields, 'address-city') ?? str(id['address-city']),
    state: fieldValue(fields, 'address-subdivision') ?? str(id['address-subdivision']),
    zip: fieldValue(fields, 'address-postal-code') ?? str(id['address-postal-code']),
    country: fieldValue(fields, 'address-country-code'),
  };
  const defined = Object.fromEntries(Object.entries(address).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length) out.address = defined;
  return out;
}

/** Persona's verifications as our checks: the government ID (read, expiry, MRZ/barcode consistency) and the selfie. */
function mapChecks(verifications: Resource[]): IdentityCheck[] {
  const checks: IdentityCheck[] = [];
  const personaChecks = (v: Resource) =>
    (Array.isArray(v.attributes?.checks) ? v.attributes.checks : []) as { name?: string; status?: string; reasons?: string[] }[];
  const governmentId = verifications.find((v) => v.type === 'verification/government-id');
  if (governmentId) {
    const status = str(governmentId.attributes?.status);
    const failed = personaChecks(governmentId)
      .filter((c) => c.status === 'failed')
      .map((c) => c.name);
    checks.push({
      name: 'document-readable',
      status: status === 'passed' ? 'passed' : status === 'failed' ? 'failed' : 'not-applicable',
      detail:
        status === 'passed'
          ? `Persona's government ID verification ${governmentId.id ?? ''} passed.`
          : `Persona's government ID verification ${governmentId.id ?? ''} is ${status ?? 'unknown'}${failed.length ? `; failed checks: ${failed.join(', ')}` : ''}. Open it in Persona's dashboard to see why.`,
    });
    const byName = new Map(personaChecks(governmentId).map((c) => [c.name, c]));
    const expired = byName.get('id_expired');
    if (expired) {
      checks.push({
        name: 'not-expired',
        status: expired.status === 'passed' ? 'passed' : 'failed',
        detail:
          expired.status === 'passed'
            ? 'Persona found the document within its validity.'
            : 'Persona found the document expired; ask for a current one.',
      });
    }
    const consistency = ['id_mrz_inconsistency_detection', 'id_barcode_inconsistency_detection']
      .map((n) => byName.get(n))
      .filter((c) => c !== undefined);
    if (consistency.length) {
      const ok = consistency.every((c) => c.status === 'passed');
      checks.push({
        name: 'check-digits',
        status: ok ? 'passed' : 'failed',
        detail: ok
          ? "Persona found the document's machine-readable data consistent."
          : "Persona found the document's machine-readable data inconsistent with its printed data.",
      });
    }
  }
  const selfie = verifications.find((v) => v.type === 'verification/selfie');
  if (selfie) {
    const passed = str(selfie.attributes?.status) === 'passed';
    checks.push({
      name: 'selfie-present',
      status: passed ? 'passed' : 'failed',
      detail: passed
        ? `Persona's selfie verification ${selfie.id ?? ''} passed.`
        : `Persona's selfie verification ${selfie.id ?? ''} did not pass; open it in Persona's dashboard.`,
    });
  }
  return checks;
}

/** An inquiry resource (from the API or a webhook's payload) in our words. */
export function mapInquiry(document: Document): ProviderInquiry {
  const inquiry = document.data;
  const inquiryId = str(inquiry?.id);
  if (!inquiry || !inquiryId) throw new AppError('unavailable', 'Persona answered without an inquiry');
  const verifications = (document.included ?? []).filter((r) => r.type?.startsWith('verification/'));
  const governmentId = verifications.find((v) => v.type === 'verification/government-id');
  return {
    inquiryId,
    status: mapInquiryStatus(inquiry.attributes?.status),
    fields: mapFields(inquiry, governmentId),
    checks: mapChecks(verifications),
  };
}

// ---- webhook signatures ----

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}

/** `t=…,v1=…` groups (space-separated while a secret rotates), each signature with the timestamp it was made with. */
function signatures(value: string): { t: string; v1: string }[] {
  const found: { t: string; v1: string }[] = [];
  let lastT: string | undefined;
  for (const group of value.trim().split(/\s+/)) {
    const pairs = group.split(',').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const;
    });
    const t = pairs.find(([k]) => k === 't')?.[1] ?? lastT;
    lastT = t;
    for (const [k, v] of pairs) if (k === 'v1' && t) found.push({ t, v1: v });
  }
  return found;
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // timingSafeEqual needs equal lengths; compare against itself so a wrong length costs the same time.
  return left.length === right.length ? timingSafeEqual(left, right) : !timingSafeEqual(left, left);
}

/** Checks the `Persona-Signature` of a webhook's raw body; throws AppError 400 when missing, stale or wrong. */
export function verifyPersonaSignature(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  nowSeconds: number,
): void {
  const value = header(headers, 'persona-signature');
  if (!value) throw new AppError('bad-request', 'The Persona-Signature header is missing');
  const candidates = signatures(value);
  if (!candidates.length) throw new AppError('bad-request', 'The Persona-Signature header has no t= and v1= values');
  let matched: string | undefined;
  for (const { t, v1 } of candidates) {
    const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
    if (sameHex(v1.toLowerCase(), expected) && matched === undefined) matched = t;
  }
  if (matched === undefined) throw new AppError('bad-request', 'The Persona-Signature does not match the body');
  const signedAt = Number(matched);
  if (!Number.isFinite(signedAt) || Math.abs(nowSeconds - signedAt) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new AppError('bad-request', 'The Persona-Signature is stale (signed more than 5 minutes from now); a replay is refused');
  }
}

// ---- the adapter ----

export function createPersonaProvider(config: PersonaConfig, clock: { now: () => number } = Date): ExternalIdentityProvider {
  const base = config.apiUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Document> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          'persona-version': PERSONA_API_VERSION,
          'key-inflection': 'kebab',
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new AppError('unavailable', 'Persona could not be reached', { cause: error });
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new AppError(
        response.status === 404 ? 'not-found' : 'unavailable',
        response.status === 404 ? 'Inquiry not found at Persona' : `Persona answered ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    return (await response.json()) as Document;
  }

  return {
    name: 'persona',

    async createInquiry({ referenceId, prefill }) {
      const fields: Record<string, string> = {};
      if (prefill.firstName) fields['name-first'] = prefill.firstName;
      if (prefill.lastName) fields['name-last'] = prefill.lastName;
      if (prefill.birthDate) fields.birthdate = prefill.birthDate;
      const answer = await call('POST', '/inquiries', {
        data: { attributes: { 'inquiry-template-id': config.templateId, 'reference-id': referenceId, fields } },
      });
      const inquiryId = str(answer.data?.id);
      if (!inquiryId) throw new AppError('unavailable', 'Persona created no inquiry');
      const sessionToken = str(answer.meta?.['session-token']);
      return {
        inquiryId,
        embed: {
          kind: 'persona',
          inquiryId,
          ...(sessionToken ? { sessionToken } : {}),
          environmentId: config.environmentId,
          templateId: config.templateId,
        },
      };
    },

    async getInquiry(inquiryId) {
      return mapInquiry(await call('GET', `/inquiries/${encodeURIComponent(inquiryId)}?include=verifications`));
    },

    parseWebhook(rawBody, headers) {
      verifyPersonaSignature(rawBody, headers, config.webhookSecret, Math.floor(clock.now() / 1000));
      let event: Document;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as Document;
      } catch {
        throw new AppError('bad-request', 'The webhook body is not JSON');
      }
      const eventId = str(event.data?.id);
      const name = str(event.data?.attributes?.name) ?? '';
      const payload = event.data?.attributes?.payload as Document | undefined;
      const inquiry = payload?.data;
      const inquiryId = str(inquiry?.id);
      const referenceId = str(inquiry?.attributes?.['reference-id']);
      if (!eventId || !name.startsWith('inquiry.') || (inquiry?.type ?? 'inquiry') !== 'inquiry' || !inquiryId) {
        throw new AppError('bad-request', `Persona event ${name || '(unnamed)'} is not an inquiry event`);
      }
      if (!referenceId) throw new AppError('bad-request', `Persona inquiry ${inquiryId} has no reference id: it was not opened by us`);
      const reported = inquiry?.attributes?.status;
      const status = reported !== undefined ? mapInquiryStatus(reported) : (EVENT_STATUSES[name] ?? 'pending');
      return { eventId, inquiryId, referenceId, status };
    },
  };
}
