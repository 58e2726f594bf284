import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { createPersonaProvider, PERSONA_API_VERSION } from './persona-provider.ts';

// A local HTTP server stands in for Persona and answers with the recorded payloads of test/fixtures/persona.
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/persona/${name}.json`, import.meta.url));

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const requests: Recorded[] = [];
let server: Server;
let apiUrl = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const send = (status: number, payload: Buffer | string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(payload);
      };
      if (req.headers.authorization !== 'Bearer persona_sandbox_key') return send(401, '{"errors":[{"title":"Must be authenticated"}]}');
      if (req.method === 'POST' && req.url === '/api/v1/inquiries') return send(201, fixture('create-inquiry'));
      if (req.url === '/api/v1/inquiries/inq_8tW3xZr5NcQe1VbYmKd2LpAf?include=verifications')
        return send(200, fixture('inquiry-completed'));
      if (req.url === '/api/v1/inquiries/inq_declined?include=verifications') return send(200, fixture('inquiry-declined-expired'));
      return send(404, '{"errors":[{"title":"Record not found"}]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const NOW = 1_795_770_000_000;
const config = () => ({
  apiKey: 'persona_sandbox_key',
  templateId: 'itmpl_Tessera1234567890abcdef',
  environmentId: 'env_Sandbox123',
  webhookSecret: 'wbhsec_current',
  apiUrl,
});
const persona = () => createPersonaProvider(config(), { now: () => NOW });

const sign = (body: Buffer, secret: string, t = Math.floor(NOW / 1000)) =>
  `t=${t},v1=${createHmac('sha256', secret)
    .update(`${t}.${body.toString('utf8')}`)
    .digest('hex')}`;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the Persona adapter calls Persona', () => {
  it('creates an inquiry from the template with the reference id and prefilled fields', async () => {
    const created = await persona().createInquiry({
      referenceId: 'usr_7Hq2KfX9',
      prefill: { firstName: 'Anna', lastName: 'Eriksson', birthDate: '1984-08-12' },
    });
    expect(created).toEqual({
      inquiryId: 'inq_8tW3xZr5NcQe1VbYmKd2LpAf',
      embed: {
        kind: 'persona',
        inquiryId: 'inq_8tW3xZr5NcQe1VbYmKd2LpAf',
        sessionToken: 'eyJhbGciOiJIUzI1NiJ9.eyJpbnEiOiJpbnFfOHRXM3haXG4ifQ.c2lnbmF0dXJl',
        environmentId: 'env_Sandbox123',
        templateId: 'itmpl_Tessera1234567890abcdef',
      },
    });
    const request = requests.at(-1);
    expect(request?.headers['persona-version']).toBe(PERSONA_API_VERSION);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      data: {
        attributes: {
          'inquiry-template-id': 'itmpl_Tessera1234567890abcdef',
          'reference-id': 'usr_7Hq2KfX9',
          fields: { 'name-first': 'Anna', 'name-last': 'Eriksson', birthdate: '1984-08-12' },
        },
      },
    });
  });

  it('reads an inquiry: status, fields and verifications as checks', async () => {
    const inquiry = await persona().getInquiry('inq_8tW3xZr5NcQe1VbYmKd2LpAf');
    expect(inquiry.status).toBe('completed');
    expect(inquiry.fields).toEqual({
      firstName: 'Anna',
      lastName: 'Eriksson',
      birthDate: '1984-08-12',
      documentNumber: 'D1234567',
      expiryDate: '2034-04-15',
      documentType: 'drivers-license',
      issuingCountry: 'US',
      sex: 'F',
      address: { line1: '123 Main St', city: 'Sacramento', state: 'CA', zip: '95814', country: 'US' },
    });
    expect(inquiry.checks.map((c) => [c.name, c.status])).toEqual([
      ['document-readable', 'passed'],
      ['not-expired', 'passed'],
      ['check-digits', 'passed'],
      ['selfie-present', 'passed'],
    ]);
    const declined = await persona().getInquiry('inq_declined');
    expect(declined.status).toBe('declined');
    expect(declined.checks.find((c) => c.name === 'not-expired')).toMatchObject({ status: 'failed' });
    expect(declined.checks.find((c) => c.name === 'document-readable')?.detail).toMatch(/failed checks: id_expired/);
  });

  it('answers 404 for an unknown inquiry and 503 when Persona refuses the key', async () => {
    await expect(persona().getInquiry('inq_unknown')).rejects.toMatchObject({ status: 404 });
    await expect(createPersonaProvider({ ...config(), apiKey: 'wrong' }).getInquiry('inq_8tW3xZr5NcQe1VbYmKd2LpAf')).rejects.toMatchObject({
      status: 503,
    });
  });
});

describe('the Persona adapter takes signed webhooks', () => {
  it('maps each inquiry event to its status, user and event id', () => {
    const expected = {
      'inquiry-approved': 'approved',
      'inquiry-completed': 'completed',
      'inquiry-declined': 'declined',
      'inquiry-marked-for-review': 'needs-review',
      'inquiry-expired': 'expired',
      'inquiry-failed': 'failed',
    };
    for (const [name, status] of Object.entries(expected)) {
      const body = fixture(`webhook-${name}`);
      const event = persona().parseWebhook(body, { 'persona-signature': sign(body, 'wbhsec_current') });
      expect(event).toMatchObject({ inquiryId: 'inq_8tW3xZr5NcQe1VbYmKd2LpAf', referenceId: 'usr_7Hq2KfX9', status });
      expect(event.eventId).toMatch(/^evt_/);
    }
  });

  it('accepts either signature while the secret rotates', () => {
    const body = fixture('webhook-inquiry-approved');
    const header = `${sign(body, 'wbhsec_previous')} ${sign(body, 'wbhsec_current')}`;
    expect(persona().parseWebhook(body, { 'Persona-Signature': header }).status).toBe('approved');
    const t = Math.floor(NOW / 1000);
    const bothInOne = `t=${t},v1=${'0'.repeat(64)},v1=${sign(body, 'wbhsec_current').split('v1=')[1]}`;
    expect(persona().parseWebhook(body, { 'persona-signature': bothInOne }).status).toBe('approved');
  });

  it('refuses a wrong secret, a tampered body, a stale timestamp and a missing header with 400', () => {
    const body = fixture('webhook-inquiry-approved');
    const tampered = Buffer.from(body.toString('utf8').replace('"approved"', '"declined"'));
    const stale = sign(body, 'wbhsec_current', Math.floor(NOW / 1000) - 301);
    const cases: [Buffer, Record<string, string | undefined>, RegExp][] = [
      [body, { 'persona-signature': sign(body, 'wbhsec_wrong') }, /does not match/],
      [tampered, { 'persona-signature': sign(body, 'wbhsec_current') }, /does not match/],
      [body, { 'persona-signature': stale }, /stale/],
      [body, { 'persona-signature': sign(body, 'wbhsec_current', Math.floor(NOW / 1000) + 400) }, /stale/],
      [body, {}, /missing/],
      [body, { 'persona-signature': 'garbage' }, /no t= and v1=/],
    ];
    for (const [raw, headers, message] of cases) {
      const error = refusal(() => persona().parseWebhook(raw, headers));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(message);
    }
  });

  it('refuses a signed event that is not about an inquiry', () => {
    const body = fixture('webhook-verification-passed');
    const error = refusal(() => persona().parseWebhook(body, { 'persona-signature': sign(body, 'wbhsec_current') }));
    expect(error.message).toBe('Persona event verification.passed is not an inquiry event');
  });
});
