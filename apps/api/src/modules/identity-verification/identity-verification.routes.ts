import {
  dataOf,
  identityDocumentForm,
  identityFieldsBody,
  identityInquiry,
  identityInquiryParams,
  identityInquiryRef,
  identityVerificationReview,
  openedIdentityInquiry,
  personaWebhookBody,
  webhookReceipt,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import type { ExternalIdentityProvider, VerifyIdentityDocument } from '../../lib/identity/identity-provider.ts';
import { parseForm, readMultipart, requireFile } from '../../lib/multipart.ts';
import { created, errorResponses, idParams, multipartForm } from '../../lib/route-schema.ts';
import * as identity from './identity-verification.service.ts';
import { VerificationJobs } from './verification-jobs.ts';
import { keepRawJsonBody } from '../../lib/raw-json-body.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as sent, on the routes that verify a signature over them (the Persona webhook). */
    rawBody?: Buffer;
  }
}

export interface IdentityRouteOptions {
  verify: VerifyIdentityDocument;
  provider: ExternalIdentityProvider | null;
}

const tags = ['Identity verification'];
const signedIn: Access = 'signed-in';
const params = idParams('user');
const onlyThemself = 'Only the user themself; anyone else gets 404 (a platform admin too: nobody verifies for someone else).';
const one = dataOf(identityInquiry).describe('The inquiry');

export async function identityVerificationRoutes(app: FastifyInstance, opts: IdentityRouteOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const jobs = new VerificationJobs();
  const deps: identity.IdentityDeps = {
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    storage: app.storage,
    cipher: app.cipher,
    verify: opts.verify,
    provider: opts.provider,
    jobs,
    log: app.log,
  };
  // The verifications still running finish before the database closes. Those a stopped node left (its lease ran out)
  // are taken up at start-up and by a sweep every VERIFICATION_SWEEP_MS, on whichever node gets there first.
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = () => {
    sweeping = identity.resumeUnverified(deps).catch((err: unknown) => app.log.error({ err }, 'identity verification sweep failed'));
    return sweeping;
  };
  app.addHook('onReady', async () => {
    if (opts.provider) return;
    await sweep();
    sweeper = setInterval(() => void sweep(), identity.VERIFICATION_SWEEP_MS);
    sweeper.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(sweeper);
    await sweeping;
  });
  app.addHook('onClose', async () => jobs.idle());

  r.get(
    '/user/:id/onboarding/identity',
    {
      schema: {
        tags,
        operationId: 'getIdentityVerification',
        summary: "A user's identity verification",
        description:
          "The user's identity verification status and their latest inquiry: its outcome, each check with its sentence and the document's fields as read, for a reviewer. Document numbers are masked for anyone but the user.",
        params,
        response: {
          200: dataOf(identityVerificationReview).describe('The status and latest inquiry'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: {
        access: signedIn,
        accessNote: "The user themself, the tenant's owners and platform admins (for a member of this tenant); anyone else gets 404.",
      },
    },
    async (request) => ({ data: await identity.getReview(deps, requireAuth(request), request.params.id) }),
  );

  r.post(
    '/user/:id/onboarding/identity/inquiries',
    {
      schema: {
        tags,
        operationId: 'openIdentityInquiry',
        summary: 'Open an identity inquiry',
        description:
          "Opens an inquiry with the platform's provider and sets the user's identity verification status to started (spec 001 §2). The answer says how to show it: `frame` is the built-in inquiry's page on this app's origin, `persona` Persona's hosted flow for the inquiry. A user whose identity is already approved gets 409.",
        params,
        response: {
          201: dataOf(openedIdentityInquiry).describe('The new inquiry and how to show it'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request, reply) => {
      const opened = await identity.openInquiry(deps, requireAuth(request), request.params.id);
      return created(reply, `/user/${request.params.id}/onboarding/identity/inquiries/${opened.inquiry._id}`, opened);
    },
  );

  r.get(
    '/user/:id/onboarding/identity/inquiries/:inquiryId',
    {
      schema: {
        tags,
        operationId: 'getIdentityInquiry',
        summary: 'Get an identity inquiry',
        description:
          "One of the user's inquiries, with what was typed, which pictures were given, and the verdict once there is one (the built-in inquiry polls it after submitting).",
        params: identityInquiryParams,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request) => ({ data: await identity.getInquiry(deps, requireAuth(request), request.params.id, request.params.inquiryId) }),
  );

  r.put(
    '/user/:id/onboarding/identity',
    {
      schema: {
        tags,
        operationId: 'saveIdentityFields',
        summary: "Save the inquiry's personal fields",
        description:
          "The built-in inquiry's fields (spec 001 §7 'Save identity widget data'): document type, names, birth date, document number and expiry, compared by the verifier with what the document says. Encrypted at rest. Only while the inquiry is open (409 once submitted, or for a Persona inquiry).",
        params,
        body: identityFieldsBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request) => ({ data: await identity.saveFields(deps, requireAuth(request), request.params.id, request.body) }),
  );

  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);
  const pictureForm = multipartForm(identityDocumentForm, {
    file: `A PNG, JPEG, GIF or WebP image (checked by content), at most ${maxMb} MB (413); from a file or the camera`,
  });
  r.put(
    '/user/:id/onboarding/identity/documents',
    {
      schema: {
        tags,
        operationId: 'uploadIdentityDocument',
        summary: 'Upload a picture for the inquiry',
        description:
          "One picture of the built-in inquiry: `side` front (a passport's data page, a licence's front), back (the licence's back, with its barcode) or selfie. Stored as a GOVERNMENT_ID document of the user; a new picture of a side replaces the inquiry's previous one. Only while the inquiry is open (409 otherwise).",
        params,
        consumes: ['multipart/form-data'],
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
      config: { access: signedIn, accessNote: onlyThemself, multipartBody: pictureForm },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Whose inquiry first: someone else's path is 404 whatever the form holds.
      identity.requireSelf(auth, request.params.id);
      const { fields, files } = await readMultipart(request);
      const form = parseForm(identityDocumentForm, fields);
      return { data: await identity.uploadPicture(deps, auth, request.params.id, form.inquiryId, form.side, requireFile(files)) };
    },
  );

  r.post(
    '/user/:id/onboarding/identity/submit',
    {
      schema: {
        tags,
        operationId: 'submitIdentityInquiry',
        summary: 'Submit the inquiry for verification',
        description:
          "Submits a built-in inquiry: its status (and the user's) becomes submitted and the answer is 202 at once; the verifier reads the document (OCR of a passport's machine-readable zone, the barcode of a licence: seconds of work, off the event loop) and stores its verdict: approved, rejected, or manual review (the inquiry stays submitted for a reviewer). Poll the inquiry for the verdict. Needs the fields and the front (and a licence's back) first (400 naming what is missing).",
        params,
        body: identityInquiryRef,
        response: { 202: one.describe('The submitted inquiry; its verdict follows'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request, reply) => {
      const data = await identity.submitInquiry(deps, requireAuth(request), request.params.id, request.body.inquiryId);
      return reply.status(202).send({ data });
    },
  );

  r.post(
    '/user/:id/onboarding/identity/complete',
    {
      schema: {
        tags,
        operationId: 'completeIdentityInquiry',
        summary: 'Confirm the inquiry ended',
        description:
          "The screen's word that the inquiry ended. The server confirms with the provider (the built-in verifier's stored verdict, or Persona's inquiry) and sets the status only from what the provider says: a client can never approve itself. An inquiry still being filled in is 409; a rejected or manual-review one stays so.",
        params,
        body: identityInquiryRef,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request) => ({ data: await identity.completeInquiry(deps, requireAuth(request), request.params.id, request.body.inquiryId) }),
  );

  // Persona's webhook: the signature covers the bytes as sent, so this scope keeps them (and parses the JSON itself).
  await app.register(async (scope) => {
    keepRawJsonBody(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/identity/persona/webhook',
      {
        schema: {
          tags,
          operationId: 'receivePersonaWebhook',
          summary: "Persona's webhook",
          description:
            "Persona's inquiry events. The Persona-Signature header must verify over the raw body with the webhook secret (400 otherwise); an event names its inquiry, which must be one this platform opened (404 otherwise, with no detail). Each event id is applied once; a redelivery answers `duplicate: true`. Only when IDENTITY_PROVIDER=persona (404 otherwise).",
          body: personaWebhookBody,
          response: { 200: dataOf(webhookReceipt).describe('The event was taken'), ...errorResponses(400, 404) },
        },
        config: { access: 'public' },
      },
      async (request) => ({ data: await identity.receivePersonaWebhook(deps, request.rawBody ?? Buffer.alloc(0), request.headers) }),
    );
  });
}
