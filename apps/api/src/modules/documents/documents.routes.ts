import {
  accessGrant,
  accessGrantCreateBody,
  accessGrantUpdateBody,
  dataOf,
  documentAssociations,
  documentMetadata,
  documentParseResult,
  documentQuery,
  documentRecord,
  documentUpdateBody,
  listOf,
  objectId,
  pageQuery,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { AttemptLimiter } from '../../lib/attempt-limiter.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { binaryResponse, created, errorResponses, idParams, multipartForm, noContent } from '../../lib/route-schema.ts';
import { ALLOWED_UPLOADS, contentDisposition } from '../../lib/uploads.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import type { CallSite } from '../auth/index.ts';
import * as documents from './documents.service.ts';

const tags = ['Document'];
const access: Access = 'signed-in';
const params = idParams('document');
const grantParams = params.extend({ accessId: objectId.describe("The grant's id (24 hexadecimal characters)") });
const one = dataOf(documentRecord).describe('The document');
const oneGrant = dataOf(accessGrant).describe('The access grant');
const errors = errorResponses(400, 401, 403, 404);
/** What the handlers check beyond signed-in, for the access line: the caller's role on the document. */
const rule =
  'Only its uploader (owner) and holders of an unexpired grant: owner reads, changes, deletes and shares; editor reads and changes; other roles read (a write their role does not allow is 403). Anyone else gets 404.';

export async function documentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = (name: string, limit: { max: number; windowMs: number }) =>
    new AttemptLimiter(name, limit.max, limit.windowMs, app.attemptStore, app.clock);
  const deps: documents.SharingDeps = {
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    storage: app.storage,
    shareLimits: {
      perSharer: limiter('share-sharer', documents.SHARE_LIMITS.perSharer),
      perRecipient: limiter('share-recipient', documents.SHARE_LIMITS.perRecipient),
      resendPerRecipient: limiter('share-resend', documents.SHARE_LIMITS.resendPerRecipient),
    },
  };
  const site = (request: FastifyRequest): CallSite => ({ tenant: requireTenant(request), origin: request.linkOrigin });
  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);
  const uploadForm = multipartForm(documentMetadata, {
    file: `The file: a PDF, PNG, JPEG, GIF or WebP image, Word (.docx) or Excel (.xlsx) file, CSV or plain text, checked by content; at most ${maxMb} MB (413)`,
  });

  r.get(
    '/document',
    {
      schema: {
        tags,
        operationId: 'listDocuments',
        summary: 'List documents',
        description:
          'Documents the caller uploaded or holds an unexpired grant on, filtered by type, entity type, tags (all must match) and search (name, file name, description, parsed text), newest first.',
        querystring: documentQuery,
        response: { 200: listOf(documentRecord).describe('A page of documents'), ...errors },
      },
      config: { access },
    },
    async (request) => documents.listDocuments(deps, requireAuth(request), request.query),
  );

  r.post(
    '/document',
    {
      schema: {
        tags,
        operationId: 'createDocument',
        summary: 'Upload a document',
        description:
          'A multipart form: the file and its metadata. The content decides the file type (PDF, images, Office, CSV, text) and the last extension of the name must agree with it; paths, control characters, SVG, images carrying HTML and Office files that are zip bombs or hold macros are refused with 400.',
        consumes: ['multipart/form-data'],
        response: { 201: one, ...errorResponses(400, 401, 403, 413) },
      },
      config: { access, multipartBody: uploadForm },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const file = requireFile(files);
      const document = await documents.createDocument(deps, auth, file, documents.metadataFromFields(fields));
      return created(reply, `/document/${document._id}`, document);
    },
  );

  r.get(
    '/document/:id',
    {
      schema: {
        tags,
        operationId: 'getDocument',
        summary: 'Get a document',
        description: "The metadata, with the caller's rights.",
        params,
        response: { 200: one, ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request) => ({ data: await documents.getDocument(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/document/:id/download',
    {
      schema: {
        tags,
        operationId: 'downloadDocument',
        summary: 'Download a document',
        description: 'The bytes, as an attachment.',
        params,
        response: { 200: binaryResponse(Object.keys(ALLOWED_UPLOADS), 'The file, with the type its content was found to be'), ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request, reply) => {
      const { row, stream, size } = await documents.openDownload(deps, requireAuth(request), request.params.id);
      // The documented 200 is the bytes as a binary string; the reply streams them.
      const bytes: FastifyReply = reply;
      return bytes
        .header('Content-Type', row.mimeType)
        .header('Content-Length', size)
        .header('Content-Disposition', contentDisposition(row.originalName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  r.put(
    '/document/:id',
    {
      schema: {
        tags,
        operationId: 'updateDocument',
        summary: 'Update a document',
        description: 'Changes name, type, entity type, tags or description (owner or editor).',
        params,
        body: documentUpdateBody,
        response: { 200: one, ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request) => ({ data: await documents.updateDocumentMetadata(deps, requireAuth(request), request.params.id, request.body) }),
  );

  r.delete(
    '/document/:id',
    {
      schema: {
        tags,
        operationId: 'deleteDocument',
        summary: 'Delete a document',
        description: 'Deletes the document, its grants and the stored file (owner).',
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access, accessNote: rule },
    },
    async (request, reply) => {
      await documents.deleteDocument(deps, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/document/:id/parse',
    {
      schema: {
        tags,
        operationId: 'parseDocument',
        summary: 'Extract the text',
        description:
          'Reads the text of a PDF (or a CSV or text file) so that search finds it (owner or editor). Other types are refused with 400.',
        params,
        response: { 200: dataOf(documentParseResult).describe('The document and how much text was found'), ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request) => ({ data: await documents.parseDocument(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/document/:id/events',
    {
      schema: {
        tags,
        operationId: 'listDocumentEvents',
        summary: "A document's history",
        description: 'Timeline events of the document.',
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe('A page of timeline events'), ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request) => documents.listDocumentEvents(deps, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/document/:id/associations',
    {
      schema: {
        tags,
        operationId: 'getDocumentAssociations',
        summary: "A document's associations",
        description: 'Its access grants (to those who may share) and the entities it belongs to.',
        params,
        response: { 200: dataOf(documentAssociations).describe("The document's grants and entities"), ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request) => ({ data: await documents.getAssociations(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/document/:id/access',
    {
      schema: {
        tags,
        operationId: 'listDocumentAccess',
        summary: "A document's access list",
        description: 'Every grant, expired ones included (owner).',
        params,
        querystring: pageQuery,
        response: { 200: listOf(accessGrant).describe('A page of access grants, oldest first'), ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request) => documents.listAccess(deps, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    '/document/:id/access',
    {
      schema: {
        tags,
        operationId: 'createDocumentAccess',
        summary: 'Share a document',
        description:
          'Grants a role to a member (subject) or an e-mail (subjectEmail) (owner). Members get a notice. Anyone else named by e-mail is invited to the tenant and the grant counts once they accept; the answer names them only by the e-mail typed and reads `subjectSignupStatus: partial`, whether or not the address has an account elsewhere on the platform. Sharing by e-mail is limited to 10 an hour per sharer and 3 a day per address (429).',
        params,
        body: accessGrantCreateBody,
        response: { 201: oneGrant, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      config: { access, accessNote: rule },
    },
    async (request, reply) => {
      const { id } = request.params;
      const grant = await documents.grantAccess(deps, site(request), requireAuth(request), id, request.body);
      return created(reply, `/document/${id}/access/${grant._id}`, grant);
    },
  );

  r.put(
    '/document/:id/access/:accessId',
    {
      schema: {
        tags,
        operationId: 'updateDocumentAccess',
        summary: 'Change a grant',
        description: 'Changes the role or the expiry of a grant (owner).',
        params: grantParams,
        body: accessGrantUpdateBody,
        response: { 200: oneGrant, ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request) => ({
      data: await documents.changeAccess(deps, requireAuth(request), request.params.id, request.params.accessId, request.body),
    }),
  );

  r.delete(
    '/document/:id/access/:accessId',
    {
      schema: {
        tags,
        operationId: 'deleteDocumentAccess',
        summary: 'Remove a grant',
        description: 'Removes a grant (owner).',
        params: grantParams,
        response: { ...noContent, ...errors },
      },
      config: { access, accessNote: rule },
    },
    async (request, reply) => {
      await documents.revokeAccess(deps, requireAuth(request), request.params.id, request.params.accessId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/document/:id/access/:accessId/resend-invite',
    {
      schema: {
        tags,
        operationId: 'resendDocumentInvite',
        summary: 'Resend the invitation',
        description:
          'E-mails a new invitation link while the person has not accepted the invitation (owner); earlier links stop working. At most 3 an hour per address, and they count toward the 10 an hour of the sharer (429).',
        params: grantParams,
        response: {
          200: dataOf(z.object({ sent: z.literal(true) }).meta({ examples: [{ sent: true }] })).describe('The invitation was sent'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
      config: { access, accessNote: rule },
    },
    async (request) => {
      await documents.resendInvite(deps, site(request), requireAuth(request), request.params.id, request.params.accessId);
      return { data: { sent: true as const } };
    },
  );
}
