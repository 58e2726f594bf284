import {
  dataOf,
  documentMetadata,
  documentRecord,
  leadAccreditation,
  leadWorkflowCreateBody,
  listOf,
  pageQuery,
  tenantLead,
  workflow,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { created, errorResponses, idParams, multipartForm, tenantParams } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import type { CallSite } from '../auth/index.ts';
import { registerDocumentAccessRule } from '../documents/index.ts';
import { RAISE_MODE_NOTE } from '../institutions/index.ts';
import * as leadDocuments from './lead-documents.ts';
import * as relations from './lead-relations.service.ts';

const tags = ['Tenant lead'];
// Who may work on a lead is decided in the services (lead-access.ts requireLead: the team of the lead's institution
// and the tenant's owners), so each route declares signed-in and notes the rest.
const signedIn: Access = 'signed-in';
const raise = { access: signedIn, accessNote: RAISE_MODE_NOTE, tenantParam: 't' } as const;
const params = tenantParams.extend(idParams('lead').shape);
const scope =
  "`{t}` is the id or slug of the tenant of the address; any other gives 404, as does a lead of another tenant or of an institution whose team you are not on (the tenant's owners work on every institution's leads).";
const writers = 'Team viewers may look but not change (403).';

export async function leadRelationsRoutes(app: FastifyInstance) {
  registerDocumentAccessRule(leadDocuments.leadDocumentAccess);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = (name: string, limit: { max: number; windowMs: number }) =>
    new AttemptLimiter(name, limit.max, limit.windowMs, app.attemptStore, app.clock);
  const deps: relations.LeadRelationsDeps = {
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    storage: app.storage,
    inviteLimits: {
      perInviter: limiter('lead-invite-inviter', relations.LEAD_INVITE_LIMITS.perInviter),
      perRecipient: limiter('lead-invite-recipient', relations.LEAD_INVITE_LIMITS.perRecipient),
    },
  };
  const site = (request: FastifyRequest): CallSite => ({ tenant: requireTenant(request), origin: request.linkOrigin });
  const errors = errorResponses(400, 401, 403, 404);
  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);

  r.post(
    '/tenant/:t/leads/:id/invite',
    {
      schema: {
        operationId: 'inviteTenantLead',
        tags,
        summary: 'Invite a lead to become an investor',
        description: `E-mails the lead an invitation to join the tenant as an investor (a single-use link, valid 7 days, to sign up or, with an account, to sign in and accept) and links the membership to the lead; called again while the membership is still invited, it sends a new link and earlier ones stop working ('Resend Invite'). The answer is the same whether or not the address has an account elsewhere: the lead shows no account until the person accepts. A lead whose e-mail is already an active member of the tenant is linked to that account and nothing is sent; one already linked to an active account is 409; a withdrawn invitation (Invite Rejected) is 400. At most 10 invitations an hour per inviter and 3 per address (429). When the mail cannot be sent the lead's invite status becomes error and the answer is 503. ${scope} ${writers}`,
        params,
        response: {
          200: dataOf(tenantLead).describe('The lead, with its membership and invite status'),
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
      config: raise,
    },
    async (request) => ({ data: await relations.inviteLead(deps, site(request), requireAuth(request), request.params.id) }),
  );

  r.get(
    '/tenant/:t/leads/:id/workflows',
    {
      schema: {
        operationId: 'listTenantLeadWorkflows',
        tags,
        summary: "A lead's workflows",
        description: `The workflows of the lead's account for the offers of the lead's institution, whole (steps and progress), newest first, paginated; none while the lead has no account. ${scope}`,
        params,
        querystring: pageQuery,
        response: { 200: listOf(workflow).describe("A page of the lead's workflows"), ...errors },
      },
      config: raise,
    },
    async (request) => relations.listLeadWorkflows(deps, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    '/tenant/:t/leads/:id/workflows',
    {
      schema: {
        operationId: 'createTenantLeadWorkflow',
        tags,
        summary: 'Start a workflow for a lead',
        description: `An investment for the lead in an offer of the lead's institution (any other offer is 400 'body.config.offer: No such offer'); the amount defaults to the lowest minimum investment of the offer's classes and the name to 'Investment - ' plus the offer name. The lead must have an active account in the tenant, else 400 'Lead must have a tenant member'. Accreditation and identity verification cannot be created here (400): investors complete them in their portal. A second investment of the lead in the same offer while one is in progress is 409. Answers 201 with the workflow and its path (\`workflows/{id}\`) in \`Location\`. ${scope} ${writers}`,
        params,
        body: leadWorkflowCreateBody,
        response: { 201: dataOf(workflow).describe('The new workflow'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: raise,
    },
    async (request, reply) => {
      const made = await relations.createLeadWorkflow(deps, requireAuth(request), request.params.id, request.body);
      return created(reply, `/tenant/${request.params.t}/workflows/${made._id}`, made);
    },
  );

  r.get(
    '/tenant/:t/leads/:id/documents',
    {
      schema: {
        operationId: 'listTenantLeadDocuments',
        tags,
        summary: 'Documents shared with a lead',
        description: `The documents the institution shared with the lead, newest first, paginated, each with the caller's rights (the team owns them, its viewers view them). The lead's account views them in its own documents list. ${scope}`,
        params,
        querystring: pageQuery,
        response: { 200: listOf(documentRecord).describe('A page of the documents'), ...errors },
      },
      config: raise,
    },
    async (request) => leadDocuments.listLeadDocuments(deps, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    '/tenant/:t/leads/:id/documents',
    {
      schema: {
        operationId: 'uploadTenantLeadDocument',
        tags,
        summary: 'Share a document with a lead',
        description: `A multipart form: the file and its metadata, checked as POST document checks them. The institution's team owns the document through the lead; the lead's account gets the viewer role (counting once they have accepted their invitation), now or when they are invited. Deleting the lead deletes it. Answers 201 with the document and its path (\`document/{id}\`) in \`Location\`. ${scope} ${writers}`,
        params,
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(documentRecord).describe('The uploaded document'), ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: {
        ...raise,
        multipartBody: multipartForm(documentMetadata, {
          file: `The file: a PDF, PNG, JPEG, GIF or WebP image, Word (.docx) or Excel (.xlsx) file, CSV or plain text, checked by content; at most ${maxMb} MB (413)`,
        }),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const document = await leadDocuments.uploadLeadDocument(deps, auth, request.params.id, requireFile(files), fields);
      return created(reply, `/document/${document._id}`, document);
    },
  );

  r.get(
    '/tenant/:t/leads/:id/accreditation-application',
    {
      schema: {
        operationId: 'getTenantLeadAccreditation',
        tags,
        summary: "A lead's accreditation",
        description: `The status of the lead's newest accreditation application in this tenant, how it was verified and when an approval expires; null while the lead has no account or no application. Nothing of the answers or the evidence. ${scope}`,
        params,
        response: { 200: dataOf(leadAccreditation.nullable()).describe("The lead's accreditation, or null"), ...errors },
      },
      config: raise,
    },
    async (request) => ({ data: await relations.getLeadAccreditation(deps, requireAuth(request), request.params.id) }),
  );
}
