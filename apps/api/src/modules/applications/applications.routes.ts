import {
  application,
  applicationCreateBody,
  applicationListQuery,
  applicationStatusBody,
  applicationSummary,
  dataOf,
  listOf,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { created, errorResponses, idParams } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { createApplication, getApplication, listOwnApplications, reviewApplication, type ApplicationDeps } from './applications.service.ts';
import type { ReviewDeps } from './certificates.service.ts';
import { certificateRoutes } from './certificates.routes.ts';

const tags = ['Application'];

export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ApplicationDeps = { db: app.db, clock: app.clock };
  const reviewDeps: ReviewDeps = { ...deps, storage: app.storage, sealer: app.sealer, mailer: app.mailer };

  r.get(
    '/application',
    {
      schema: {
        tags,
        operationId: 'listApplications',
        summary: 'My applications',
        description: "The signed-in user's own applications in this tenant, newest first, optionally of one status.",
        querystring: applicationListQuery,
        response: { 200: listOf(applicationSummary).describe('A page of your applications'), ...errorResponses(400, 401, 403) },
      },
      config: { access: 'signed-in', accessNote: "Lists only the caller's own applications." },
    },
    async (request) => listOwnApplications(deps, requireAuth(request), request.query),
  );

  r.post(
    '/application',
    {
      schema: {
        tags,
        operationId: 'createApplication',
        summary: 'Start my accreditation application',
        description:
          "Starts the caller's own application (status not-started) and makes it the user's accreditation application (201 with Location). The caller has at most one open application of a type: when one that was not rejected exists, it is answered instead, with 200, so a repeated call opens the same application.",
        body: applicationCreateBody,
        response: {
          200: dataOf(application).describe('The application you already had open'),
          201: dataOf(application).describe('The new application'),
          ...errorResponses(400, 401, 403),
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
      config: {
        access: 'signed-in',
        accessNote:
          "Only the applicant and this tenant's owners may read it (platform admins any tenant's); for anyone else it is not found (404).",
      },
    },
    async (request) => ({ data: await getApplication(deps, requireAuth(request), request.params.id) }),
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
