import {
  adminApplicationItem,
  application,
  applicationCreateBody,
  applicationDocument,
  applicationDocumentMetadata,
  applicationDocumentQuery,
  applicationListQuery,
  applicationStatusBody,
  applicationStepBody,
  business,
  dataOf,
  listOf,
  objectId,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { created, errorResponses, idParams, multipartForm, noContent } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { registerDocumentAccessRule, registerDocumentLock } from '../documents/index.ts';
import {
  applicationDocumentAccess,
  approvalLetterLock,
  listApplicationDocuments,
  removeApplicationDocument,
  uploadApplicationDocument,
  type ApplicationDocumentDeps,
} from './application-documents.service.ts';
import { moveApplication } from './application-wizard.service.ts';
import {
  createApplication,
  getApplication,
  getApplicationBusiness,
  listApplicationEvents,
  listApplications,
  reviewApplication,
  type ApplicationDeps,
} from './applications.service.ts';
import type { ReviewDeps } from './certificates.service.ts';
import { certificateRoutes } from './certificates.routes.ts';

const tags = ['Application'];

export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ApplicationDeps = { db: app.db, clock: app.clock, cipher: app.cipher };
  const documentDeps: ApplicationDocumentDeps = {
    ...deps,
    tokens: app.tokens,
    mailer: app.mailer,
    config: app.config,
    storage: app.storage,
  };
  // Reviewers open an application's documents, and applicants their evaluator's letters, at /document/{id}.
  registerDocumentAccessRule(applicationDocumentAccess);
  registerDocumentLock(approvalLetterLock);
  const readers =
    "Only the applicant and this tenant's owners may read it (platform admins any tenant's); for anyone else it is not found (404).";
  const applicantOnly = 'Only the applicant, while no reviewer has decided it (409 after); for anyone else it is not found (404).';
  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);
  const reviewDeps: ReviewDeps = { ...deps, storage: app.storage, sealer: app.sealer, mailer: app.mailer };

  r.get(
    '/application',
    {
      schema: {
        tags,
        operationId: 'listApplications',
        summary: 'Applications',
        description:
          "The signed-in user's own applications in this tenant (scope mine, the default) or, for the tenant's owners and platform admins, every applicant's (scope tenant), newest first, by status and type and searched over the applicant's e-mail and name; each with its tenant and applicant.",
        querystring: applicationListQuery,
        response: { 200: listOf(adminApplicationItem).describe('A page of applications'), ...errorResponses(400, 401, 403) },
      },
      config: {
        access: 'signed-in',
        accessNote: "Scope mine lists only the caller's own; scope tenant is for the tenant's owners and platform admins (403 for others).",
      },
    },
    async (request) => listApplications(deps, requireAuth(request), request.query),
  );

  r.post(
    '/application',
    {
      schema: {
        tags,
        operationId: 'createApplication',
        summary: 'Start my accreditation application',
        description:
          "Starts the caller's own application (status not-started) and makes it the user's accreditation application (201 with Location). The caller has at most one open application of a type (not-started, in-progress, submitted or error): when one exists, it is answered instead, with 200, so a repeated call opens the same application. With renewFrom (an approved application of the caller's, expired or not; another is 404) the new one starts with its answers that still hold, not its documents.",
        body: applicationCreateBody,
        response: {
          200: dataOf(application).describe('The application you already had open'),
          201: dataOf(application).describe('The new application'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: { access: 'signed-in', accessNote: 'Always for the caller themself.' },
    },
    async (request, reply) => {
      const result = await createApplication(deps, requireAuth(request), request.body);
      if (!result.created) return { data: result.application };
      return created(reply, `/application/${result.application._id}`, result.application);
    },
  );

  r.get(
    '/application/:id',
    {
      schema: {
        tags,
        operationId: 'getApplication',
        summary: 'An accreditation application',
        description:
          "The summary (status, type, business, review, approval document) and the wizard's state (current and completed questions, answers).",
        params: idParams('application'),
        response: { 200: dataOf(application).describe('The application'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'signed-in', accessNote: readers },
    },
    async (request) => ({ data: await getApplication(deps, requireAuth(request), request.params.id) }),
  );

  r.put(
    '/application/:id',
    {
      schema: {
        tags,
        operationId: 'moveApplication',
        summary: 'Answer a question of the wizard, or go back',
        description:
          "One Next or Back of the accreditation wizard (001 §4). questionId must be the application's current question (identity before the first answer), else 409 (the application moved on in another tab, or a reviewer decided it). Next checks the screen's answers (400 naming each field; documents must be this application's uploads for that answer, the business one of the caller's with owners, the high-minimum path on for the tenant with an offer whose minimum is high enough, an evaluator request sent), merges them into questionData and moves to the next question; Back returns to the last completed one. The server sets the status from where the application lands.",
        params: idParams('application'),
        body: applicationStepBody,
        response: { 200: dataOf(application).describe('The application after the move'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: 'signed-in', accessNote: applicantOnly },
    },
    async (request) => ({
      data: await moveApplication(deps, requireAuth(request), requireTenant(request), request.params.id, request.body),
    }),
  );

  r.get(
    '/application/:id/documents',
    {
      schema: {
        tags,
        operationId: 'listApplicationDocuments',
        summary: "An application's documents",
        description:
          'The documents given as evidence on the application (uploads and evaluator letters), newest first, by type and searched over name and file name, each with the answer it is for and its dates.',
        params: idParams('application'),
        querystring: applicationDocumentQuery,
        response: { 200: listOf(applicationDocument).describe('A page of documents'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'signed-in', accessNote: readers },
    },
    async (request) => listApplicationDocuments(documentDeps, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    '/application/:id/documents',
    {
      schema: {
        tags,
        operationId: 'uploadApplicationDocument',
        summary: 'Upload evidence for an answer',
        description:
          "A multipart form: the file and the answer key it is for, with the date on the document for statements and credit reports. It becomes a document of the answer's type and tags (tax documents tagged with their year) attached to the application. A statement dated, or a file created, more than 90 days ago (a credit report: a month) is refused with 400; the file is checked as POST document checks it.",
        params: idParams('application'),
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(applicationDocument).describe('The uploaded document'), ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
      config: {
        access: 'signed-in',
        accessNote: applicantOnly,
        multipartBody: multipartForm(applicationDocumentMetadata, {
          file: `The file: a PDF, an image, a Word or Excel file, CSV or text, checked by content; at most ${maxMb} MB (413)`,
        }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const document = await uploadApplicationDocument(documentDeps, auth, request.params.id, requireFile(files), fields);
      return created(reply, `/document/${document._id}`, document);
    },
  );

  r.delete(
    '/application/:id/documents/:documentId',
    {
      schema: {
        tags,
        operationId: 'deleteApplicationDocument',
        summary: 'Remove an uploaded document',
        description: "Deletes one of the applicant's uploads from the application (and from the answers listing it).",
        params: idParams('application').extend({ documentId: objectId.describe("The document's id (24 hexadecimal characters)") }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: 'signed-in', accessNote: applicantOnly },
    },
    async (request, reply) => {
      await removeApplicationDocument(documentDeps, requireAuth(request), request.params.id, request.params.documentId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/application/:id/events',
    {
      schema: {
        tags,
        operationId: 'listApplicationEvents',
        summary: "An application's history",
        description: 'Timeline events of the application (every move, upload and decision), newest first.',
        params: idParams('application'),
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe('A page of timeline events'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'signed-in', accessNote: readers },
    },
    async (request) => listApplicationEvents(deps, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/application/:id/business',
    {
      schema: {
        tags,
        operationId: 'getApplicationBusiness',
        summary: "An application's business",
        description: 'The business a business application is for, with its owners; 404 for an application without one.',
        params: idParams('application'),
        response: { 200: dataOf(business).describe('The business'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'signed-in', accessNote: readers },
    },
    async (request) => ({ data: await getApplicationBusiness(deps, requireAuth(request), request.params.id) }),
  );

  r.put(
    '/application/:id/status',
    {
      schema: {
        tags,
        operationId: 'updateApplicationStatus',
        summary: 'Approve or reject an application',
        description:
          "A reviewer's decision on a submitted application of this tenant, with a note (required to reject): sets its status, who reviewed it and when, and e-mails the applicant. An approval issues the approval letter in the same request: a one-page 'Verified Accredited Investor' PDF with a verification code and a QR code to the public verification page, sealed with the tenant's PAdES seal, stored as a document the applicant owns (approvalDoc) and valid one year from the review. An application that is not submitted, one already decided included, is a 409.",
        params: idParams('application'),
        body: applicationStatusBody,
        response: { 200: dataOf(application).describe('The reviewed application'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: {
        access: { roles: ['owner'] },
        accessNote:
          "Reviewers: the tenant's owners and platform admins (who pass every role check). The applicant and other members are refused (403); an application of another tenant is not found (404).",
      },
    },
    async (request) => ({
      data: await reviewApplication(
        reviewDeps,
        { tenant: requireTenant(request), origin: request.linkOrigin },
        requireAuth(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  await certificateRoutes(app);
}
