import {
  dataOf,
  evaluatorApplicationView,
  evaluatorDocument,
  evaluatorRequest,
  evaluatorRequestBody,
  evaluatorSubmitBody,
  evaluatorTokenQuery,
  listOf,
  objectId,
  pageQuery,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth-context.ts';
import { parseForm, readMultipart, requireFile } from '../../lib/multipart.ts';
import { created, errorResponses, idParams, multipartForm, noContent } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import * as evaluators from './evaluators.service.ts';

const tags = ['Application'];
const params = idParams('application');
const requestParams = params.extend({ requestId: objectId.describe("The evaluator request's id (24 hexadecimal characters)") });
const view = dataOf(evaluatorApplicationView).describe('The application as the evaluator sees it');
const linkNote = `Public: the token of the e-mailed link is the only key. A wrong, expired or revoked token, or one for another application or organization, answers the same 404 ('${evaluators.INVALID_LINK}') with no detail.`;

/** The optional text field of the evaluator's upload form. */
const evaluatorUploadFields = z.object({
  name: z
    .string()
    .trim()
    .max(200, 'Name must be at most 200 characters')
    .optional()
    .describe('The name lists show; a default naming the applicant when left out'),
});
export async function evaluatorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: evaluators.EvaluatorDeps = { db: app.db, clock: app.clock, mailer: app.mailer, storage: app.storage };
  const site = (request: FastifyRequest): evaluators.EvaluatorSite => ({ tenant: requireTenant(request), origin: request.linkOrigin });
  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);

  r.put(
    '/application/:id/evaluator',
    {
      schema: {
        tags,
        operationId: 'requestEvaluator',
        summary: 'Ask an evaluator for a letter',
        description: `E-mails the evaluator (a lawyer, CPA, adviser or broker-dealer) a link to upload their letter for this application, valid ${evaluators.EVALUATOR_LINK_TTL_DAYS} days. Only while the application is on an evaluator-request screen, or waits on its submitted screen for the letter, and no reviewer has decided (409 otherwise). A new link replaces the earlier unused ones for the same evidence. At most ${evaluators.EVALUATOR_REQUESTS_PER_DAY} links per application in 24 hours (429). Recorded on the application's timeline.`,
        params,
        body: evaluatorRequestBody,
        response: { 200: dataOf(evaluatorRequest).describe('The request sent'), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      config: { access: 'signed-in', accessNote: 'Only the applicant; for anyone else the application is not found (404).' },
    },
    async (request) => ({
      data: await evaluators.requestEvaluator(deps, site(request), requireAuth(request), request.params.id, request.body),
    }),
  );

  r.get(
    '/application/:id/evaluator',
    {
      schema: {
        tags,
        operationId: 'listEvaluatorRequests',
        summary: "An application's evaluator requests",
        description: 'Every evaluator request of the application, newest first, each pending, submitted, revoked or expired.',
        params,
        querystring: pageQuery,
        response: { 200: listOf(evaluatorRequest).describe('A page of evaluator requests'), ...errorResponses(400, 401, 403, 404) },
      },
      config: {
        access: 'signed-in',
        accessNote:
          "Only the applicant and this tenant's owners (platform admins any tenant's); for anyone else the application is not found (404).",
      },
    },
    async (request) => evaluators.listApplicationEvaluatorRequests(deps, requireAuth(request), request.params.id, request.query),
  );

  r.delete(
    '/application/:id/evaluator/:requestId',
    {
      schema: {
        tags,
        operationId: 'revokeEvaluatorRequest',
        summary: "Revoke an evaluator's link",
        description:
          'The link stops working at once (revoking it again changes nothing). A link the evaluator has used cannot be revoked (409). Recorded on the timeline.',
        params: requestParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: 'signed-in', accessNote: 'Only the applicant; for anyone else the application is not found (404).' },
    },
    async (request, reply) => {
      await evaluators.revokeEvaluatorRequest(deps, requireAuth(request), request.params.id, request.params.requestId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/application/:id/evaluator/view',
    {
      schema: {
        tags,
        operationId: 'getEvaluatorApplication',
        summary: 'The application an evaluator was asked about',
        description: `The applicant's name and e-mail, what the letter is for and the wording it needs, the link's expiry, whether it was used, and what the evaluator uploaded so far. ${linkNote}`,
        params,
        querystring: evaluatorTokenQuery,
        response: { 200: view, ...errorResponses(400, 404) },
      },
      config: { access: 'public', accessNote: linkNote },
    },
    async (request) => ({
      data: await evaluators.getEvaluatorView(deps, requireTenant(request), request.params.id, request.query.token),
    }),
  );

  r.post(
    '/application/:id/evaluator/documents',
    {
      schema: {
        tags,
        operationId: 'uploadEvaluatorDocument',
        summary: "Upload the evaluator's letter",
        description: `A multipart form with the file: a PDF or a PNG, JPEG, GIF or WebP image, checked by content, at most ${maxMb} MB (413). Stored as an evaluation letter on the application. A used link, or an application a reviewer has decided, takes no more files (409). ${linkNote}`,
        params,
        querystring: evaluatorTokenQuery,
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(evaluatorDocument).describe('The uploaded document'), ...errorResponses(400, 404, 409, 413) },
      },
      config: {
        access: 'public',
        accessNote: linkNote,
        multipartBody: multipartForm(evaluatorUploadFields, {
          file: `The letter: a PDF or a PNG, JPEG, GIF or WebP image, at most ${maxMb} MB`,
        }),
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { fields, files } = await readMultipart(request);
      const file = requireFile(files);
      const { name } = parseForm(evaluatorUploadFields, fields);
      const document = await evaluators.uploadEvaluatorDocument(deps, tenant, request.params.id, request.query.token, file, name);
      return created(reply, `/application/${request.params.id}/evaluator/view`, document);
    },
  );

  r.put(
    '/application/:id/evaluator/submit',
    {
      schema: {
        tags,
        operationId: 'submitEvaluatorLetter',
        summary: "Submit the evaluator's letter",
        description: `Sends the uploaded letter (documents uploaded through this link only, 400 otherwise) and notes. The link is then used up (a second submit is 409); an application a reviewer has decided takes no letter (409). An application waiting on its submitted screen for this letter becomes submitted for review; the applicant is e-mailed either way. Recorded on the application's timeline. ${linkNote}`,
        params,
        querystring: evaluatorTokenQuery,
        body: evaluatorSubmitBody,
        response: { 200: view, ...errorResponses(400, 404, 409) },
      },
      config: { access: 'public', accessNote: linkNote },
    },
    async (request) => ({
      data: await evaluators.submitEvaluatorLetter(deps, site(request), request.params.id, request.query.token, request.body),
    }),
  );
}
