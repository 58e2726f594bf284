import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EsignEnvelope, EsignVerification } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflows } from '../../db/schema/index.ts';
import { webhookSignature } from '../../lib/esign/index.ts';
import { buildTestApp, hostOf, type TestApp } from '../../../test/build-test-app.ts';
import { bearer, signUp, type SignedUp } from '../../../test/factories.ts';
import { makePdf, multipart } from '../documents/documents.test-helpers.ts';
import { insertOfferForSigning, insertReadyWorkflow } from './esign.test-helpers.ts';

const SECRET = 'webhook-secret-for-tests';
const SIGNED_PDF = makePdf('Signed at the provider');

/** A stand-in for the provider's REST API on a local port: it records what it was sent. */
let server: Server;
const received: { method: string; url: string; auth: string | undefined; body: unknown }[] = [];
async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

let t: TestApp;
let investor: SignedUp;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      received.push({ method: request.method!, url: request.url!, auth: request.headers.authorization, body });
      const send = (status: number, value: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type });
        response.end(type === 'application/json' ? JSON.stringify(value) : (value as Buffer));
      };
      if (request.method === 'POST' && request.url === '/restapi/accounts/acc-1/envelopes')
        return send(201, { envelopeId: 'env-1', status: 'sent' });
      if (request.method === 'POST' && request.url === '/restapi/accounts/acc-1/envelopes/env-1/views/recipient')
        return send(201, { url: 'https://sign.example.test/embedded/env-1' });
      if (request.method === 'GET' && request.url === '/restapi/accounts/acc-1/envelopes/env-1/documents/combined')
        return send(200, SIGNED_PDF, 'application/pdf');
      return send(404, { errorCode: 'NOT_FOUND' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/restapi`;
  t = await buildTestApp({
    ESIGN_PROVIDER: 'external',
    ESIGN_API_URL: apiUrl,
    ESIGN_ACCOUNT_ID: 'acc-1',
    ESIGN_TOKEN: 'provider-token',
    ESIGN_WEBHOOK_SECRET: SECRET,
    ESIGN_TEMPLATE_ID: 'template-default',
  });
  investor = await signUp(t.app, 'acme', { firstname: 'Jane', lastname: 'Investor' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const call = (
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object | Buffer | string; headers?: object; who?: SignedUp | null } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { host: hostOf('acme'), ...(options.who === null ? {} : bearer((options.who ?? investor).token)), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
const dataOf = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const hook = (body: object, secret = SECRET) => {
  const raw = Buffer.from(JSON.stringify(body));
  return call('POST', 'tenant/acme/esignature/webhook', {
    who: null,
    payload: raw,
    headers: { 'content-type': 'application/json', 'x-docusign-signature-1': webhookSignature(secret, raw) },
  });
};

describe('the external e-signature provider', () => {
  it('opens an envelope from the template with the signer and filled fields, and completes on a verified webhook', async () => {
    const offer = await insertOfferForSigning(t, t.tenants.acme.id);
    const workflowId = await insertReadyWorkflow(t, { tenantId: t.tenants.acme.id, ownerId: investor.user._id, ...offer });
    const res = await call('POST', `tenant/acme/workflows/${workflowId}/esignature`);
    expect(res.statusCode, res.body).toBe(201);
    const envelope = dataOf<EsignEnvelope>(res);
    expect(envelope).toMatchObject({ provider: 'external', status: 'created', signingUrl: 'https://sign.example.test/embedded/env-1' });
    const create = received.find((r) => r.url.endsWith('/envelopes'))!;
    expect(create.auth).toBe('Bearer provider-token');
    expect(create.body).toMatchObject({
      templateId: 'template-default',
      templateRoles: [
        {
          name: 'Jane Investor',
          email: investor.email,
          clientUserId: investor.user._id,
          tabs: {
            textTabs: expect.arrayContaining([
              { tabLabel: 'amount', value: '$50,000.00' },
              { tabLabel: 'offerName', value: 'Harbor Lofts' },
            ]),
          },
        },
      ],
    });
    // The built-in routes do not apply to the provider's envelope.
    expect((await call('GET', `tenant/acme/workflows/${workflowId}/esignature/agreement`)).statusCode).toBe(404);

    // A webhook whose HMAC does not verify changes nothing.
    const forged = await hook({ event: 'envelope-completed', data: { envelopeId: 'env-1' } }, 'wrong-secret');
    expect(forged.statusCode).toBe(400);
    expect(dataOf<EsignEnvelope>(await call('GET', `tenant/acme/workflows/${workflowId}/esignature`)).status).toBe('created');
    expect((await hook({ event: 'envelope-completed', data: { envelopeId: 'env-unknown' } })).statusCode).toBe(404);

    const done = await hook({
      event: 'envelope-completed',
      generatedDateTime: '2026-11-27T10:00:00Z',
      data: { envelopeId: 'env-1', ipAddress: '198.51.100.9' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(dataOf(done)).toEqual({ received: true, duplicate: false });
    const after = dataOf<EsignEnvelope>(await call('GET', `tenant/acme/workflows/${workflowId}/esignature`));
    expect(after.status).toBe('signed');
    expect(after.events.find((e) => e.type === 'signed')).toMatchObject({ ip: '198.51.100.9', actor: 'Jane Investor' });
    const file = await call('GET', `document/${after.signedDocument}/download`);
    expect(file.rawPayload.equals(SIGNED_PDF)).toBe(true);
    const [row] = await t.app.db
      .select()
      .from(workflows)
      .where(and(eq(workflows.tenantId, t.tenants.acme.id), eq(workflows.id, workflowId)));
    expect(row!.steps.find((s) => s.key === 'esignature')!.status).toBe('completed');

    expect(dataOf(await hook({ event: 'envelope-completed', data: { envelopeId: 'env-1' } }))).toEqual({ received: true, duplicate: true });

    const form = multipart({}, [{ name: 'signed.pdf', data: SIGNED_PDF, type: 'application/pdf' }]);
    const verified = dataOf<EsignVerification>(
      await call('POST', 'tenant/acme/esignature/verify', { who: null, payload: form.payload, headers: form.headers }),
    );
    // On record, but the stand-in's PDF carries no seal: not valid.
    expect(verified).toMatchObject({ matchesRecord: true, sealed: false, valid: false });
  });
});
