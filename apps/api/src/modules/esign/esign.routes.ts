import {
  dataOf,
  esignEnvelope,
  esignVerification,
  esignWebhookBody,
  objectId,
  signSubscriptionBody,
  webhookReceipt,
} from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import type { ExternalEsignProvider } from '../../lib/esign/index.ts';
import { parseForm, readMultipart, requireFile } from '../../lib/multipart.ts';
import { binaryResponse, created, errorResponses, multipartForm, tenantParams } from '../../lib/route-schema.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { registerDocumentAccessRule, registerDocumentLock } from '../documents/index.ts';
import { esignDocumentAccess, esignDocumentLock } from './esign-access.ts';
import * as esign from './esign.service.ts';
import { keepRawJsonBody } from '../../lib/raw-json-body.ts';

export interface EsignRouteOptions {
  provider: ExternalEsignProvider | null;
}

const tags = ['E-signature'];
const signedIn: Access = 'signed-in';
const params = tenantParams.extend({ workflowId: objectId.describe("The workflow's id (24 hexadecimal characters)") });
const envelope = dataOf(esignEnvelope).describe('The signing');
const readers =
  "The workflow's owner, and in Raise mode the team of the offer's institution (and the tenant's owners); anyone else gets 404.";
const ownerOnly = "Only the workflow's owner (the investor); the institution's team gets 403, anyone else 404.";
/** The verification form: no text fields, the PDF in `file`. */
const verifyForm = z.object({});

const site = (request: FastifyRequest): esign.EsignSite => ({
  tenant: requireTenant(request),
  origin: request.linkOrigin,
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

export async function esignRoutes(app: FastifyInstance, opts: EsignRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: esign.EsignDeps = {
    db: app.db,
    clock: app.clock,
    storage: app.storage,
    sealer: app.sealer,
    provider: opts.provider,
    defaultTemplateId: app.config.esign.provider === 'external' ? app.config.esign.templateId : null,
  };
  registerDocumentAccessRule(esignDocumentAccess);
  registerDocumentLock(esignDocumentLock);

  r.get(
    '/tenant/:t/workflows/:workflowId/esignature',
    {
      schema: {
        tags,
        operationId: 'getWorkflowEsignature',
        summary: "The workflow's signing",
        description:
          "The newest signing of the workflow's subscription agreement: its status, the agreement's hash before signing, the signed file's hash and documents once signed, and every event with time, address and actor. `data` is null when the agreement was never prepared (the step's screen then prepares it).",
        params,
        response: { 200: dataOf(esignEnvelope.nullable()).describe('The newest signing, or null'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't', accessNote: readers },
    },
    async (request) => ({ data: await esign.getEnvelope(deps, requireAuth(request), request.params.workflowId) }),
  );

  r.post(
    '/tenant/:t/workflows/:workflowId/esignature',
    {
      schema: {
        tags,
        operationId: 'prepareWorkflowEsignature',
        summary: 'Prepare the subscription agreement',
        description:
          "Fills the subscription agreement with the workflow's data (the offer's own PDF agreement with the filled pages appended, or the built-in agreement): offer and sponsor, investor names, investor type, ownership, class, units, amount, distributions and date. Every step before the e-signature must be completed or skipped (400 naming those left). An older unsigned agreement is voided. With an external provider, opens its envelope from the template (the workflow's, else the offer's) and answers its signing page in `signingUrl`.",
        params,
        response: { 201: envelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, tenantParam: 't', accessNote: ownerOnly },
    },
    async (request, reply) => {
      const data = await esign.prepare(deps, requireAuth(request), site(request), request.params.workflowId);
      return created(reply, `/tenant/${request.params.t}/workflows/${request.params.workflowId}/esignature`, data);
    },
  );

  r.get(
    '/tenant/:t/workflows/:workflowId/esignature/agreement',
    {
      schema: {
        tags,
        operationId: 'getWorkflowAgreement',
        summary: 'The filled agreement',
        description:
          "The filled, unsigned subscription agreement as prepared (stored when prepared, so it is byte for byte the file whose SHA-256 is `unsignedSha256`). Each read is recorded as a 'viewed' event. 404 when there is none to sign (none prepared, voided, or with an external provider).",
        params,
        response: { 200: binaryResponse(['application/pdf'], 'The agreement (PDF)'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't', accessNote: readers },
    },
    async (request, reply) => {
      const { pdf, fileName } = await esign.readAgreement(deps, requireAuth(request), site(request), request.params.workflowId);
      // The documented 200 is the bytes as a binary string; the reply sends them.
      const bytes: FastifyReply = reply;
      return bytes
        .type('application/pdf')
        .header('Content-Disposition', contentDisposition(fileName, true))
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  r.post(
    '/tenant/:t/workflows/:workflowId/esignature/sign',
    {
      schema: {
        tags,
        operationId: 'signWorkflowAgreement',
        summary: 'Sign the subscription agreement',
        description:
          "Signs the prepared agreement: `unsignedSha256` must be the hash of the agreement shown (409 'The agreement changed; review it again'). Typed: the typed name; drawn: the saved signature (PUT user/{id}/signature; 400 'Save your signature first'). The signature, signer, time (UTC), address and the agreement's hash are stamped on its signature page, the file is sealed with the tenant's digital seal, a sealed certificate of completion lists every event, both are stored as documents shared with the investor and the institution, and the e-signature step is completed.",
        params,
        body: signSubscriptionBody,
        response: { 200: envelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, tenantParam: 't', accessNote: ownerOnly },
    },
    async (request) => ({
      data: await esign.sign(deps, requireAuth(request), site(request), request.params.workflowId, request.body),
    }),
  );

  r.post(
    '/tenant/:t/esignature/verify',
    {
      schema: {
        tags,
        operationId: 'verifyEsignature',
        summary: 'Check a signed agreement',
        description:
          'multipart/form-data with a PDF in the field `file` (415 otherwise; at most UPLOAD_MAX_MB, 413): its SHA-256, whether it carries a digital seal that covers the whole file unchanged, who sealed it, and whether it is a subscription agreement this tenant signed. `valid` only when all hold: one changed byte makes it false. Rate-limited like the other public lookups.',
        params: tenantParams,
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(esignVerification).describe('What the file says'), ...errorResponses(400, 404, 413, 415, 429) },
      },
      config: {
        access: 'public',
        tenantParam: 't',
        accessNote: "Open to anyone holding a file; it tells only the file's hash, its seal, and the workflow, signer and time on record.",
        rateLimit: { max: app.config.rateLimit.authMax, timeWindow: '1 minute' },
        multipartBody: multipartForm(verifyForm, { file: 'The PDF to check, at most UPLOAD_MAX_MB (413)' }),
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request);
      parseForm(verifyForm, fields);
      return { data: await esign.verifyFile(deps, site(request), requireFile(files).data) };
    },
  );

  // The external provider's webhook: its HMAC covers the bytes as sent, so this scope keeps them.
  await app.register(async (scope) => {
    keepRawJsonBody(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/tenant/:t/esignature/webhook',
      {
        schema: {
          tags,
          operationId: 'receiveEsignatureWebhook',
          summary: "The e-signature provider's webhook",
          description:
            "The external provider's envelope events. The X-DocuSign-Signature-1 header must be the base64 HMAC-SHA256 of the raw body with the webhook secret (400 otherwise); the envelope must be one this tenant opened (404). On completion the signed PDF is downloaded and stored, a certificate of completion is made and the e-signature step is completed; a redelivery answers `duplicate: true`. Only when ESIGN_PROVIDER=external (404 otherwise).",
          params: tenantParams,
          body: esignWebhookBody,
          response: { 200: dataOf(webhookReceipt).describe('The event was taken'), ...errorResponses(400, 404) },
        },
        config: {
          access: 'public',
          tenantParam: 't',
          accessNote: 'Only the provider can call it usefully: the HMAC over the body must verify with the webhook secret.',
        },
      },
      async (request) => ({
        data: await esign.receiveWebhook(deps, site(request), request.rawBody ?? Buffer.alloc(0), request.headers),
      }),
    );
  });
}
