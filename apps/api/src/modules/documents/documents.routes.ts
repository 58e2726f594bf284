import {
  accessGrant,
  accessGrantCreateBody,
  accessGrantUpdateBody,
  dataOf,
  documentAssociations,
  documentParseResult,
  documentQuery,
  documentRecord,
  documentUpdateBody,
  listOf,
  objectId,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import type { CallSite } from '../auth/index.ts';
import * as documents from './documents.service.ts';

const tags = ['Document'];
const access: Access = 'signed-in';
const params = z.object({ id: objectId });
const grantParams = z.object({ id: objectId, accessId: objectId });
const errors = errorResponses(400, 401, 403, 404);
const rule =
  'Visible to its uploader (owner) and to holders of an unexpired grant: owner reads, changes, deletes and shares; editor reads and changes; other roles read. Anyone else gets 404.';

export async function documentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: documents.DocumentDeps = {
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    storage: app.storage,
  };
  const site = (request: FastifyRequest): CallSite => ({ tenant: requireTenant(request), origin: request.linkOrigin });

  r.get(
    '/document',
    {
      schema: {
        tags,
        summary: 'List documents',
        description: describe(
          'Documents the caller uploaded or holds an unexpired grant on, filtered by type, entity type, tags (all must match) and search (name, file name, description, parsed text), newest first.',
          access,
        ),
        querystring: documentQuery,
        response: { 200: listOf(documentRecord), ...errors },
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
        summary: 'Upload a document',
        description: describe(
          'Multipart: `file` plus the fields name, type, entityType, tags (comma-separated or a JSON array) and description. The content decides the file type (PDF, images, Office, CSV, text) and the last extension of the name must agree with it; paths, control characters, SVG, images carrying HTML and Office files that are zip bombs or hold macros are refused with 400; the size limit is UPLOAD_MAX_MB (413).',
          access,
        ),
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(documentRecord), ...errorResponses(400, 401, 403, 413) },
      },
      config: { access },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const file = requireFile(files);
      return { data: await documents.createDocument(deps, auth, file, documents.metadataFromFields(fields)) };
    },
  );

  r.get(
    '/document/:id',
    {
      schema: {
        tags,
        summary: 'Get a document',
        description: describe(`The metadata, with the caller's rights. ${rule}`, access),
        params,
        response: { 200: dataOf(documentRecord), ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await documents.getDocument(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/document/:id/download',
    {
      schema: {
        tags,
        summary: 'Download a document',
        description: describe(`The bytes, as an attachment. ${rule}`, access),
        params,
        produces: ['application/octet-stream'],
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
      config: { access },
    },
    async (request, reply) => {
      const { row, stream, size } = await documents.openDownload(deps, requireAuth(request), request.params.id);
      return reply
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
        summary: 'Update a document',
        description: describe(`Changes name, type, entity type, tags or description (owner or editor). ${rule}`, access),
        params,
        body: documentUpdateBody,
        response: { 200: dataOf(documentRecord), ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await documents.updateDocumentMetadata(deps, requireAuth(request), request.params.id, request.body) }),
  );

  r.delete(
    '/document/:id',
    {
      schema: {
        tags,
        summary: 'Delete a document',
        description: describe(`Deletes the document, its grants and the stored file (owner). ${rule}`, access),
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access },
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
        summary: 'Extract the text',
        description: describe(
          `Reads the text of a PDF (or a CSV or text file) so that search finds it (owner or editor). Other types are refused with 400. ${rule}`,
          access,
        ),
        params,
        response: { 200: dataOf(documentParseResult), ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await documents.parseDocument(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/document/:id/events',
    {
      schema: {
        tags,
        summary: "A document's history",
        description: describe(`Timeline events of the document. ${rule}`, access),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errors },
      },
      config: { access },
    },
    async (request) => documents.listDocumentEvents(deps, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/document/:id/associations',
    {
      schema: {
        tags,
        summary: "A document's associations",
        description: describe(`Its access grants (to those who may share) and the entities it belongs to. ${rule}`, access),
        params,
        response: { 200: dataOf(documentAssociations), ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await documents.getAssociations(deps, requireAuth(request), request.params.id) }),
  );

  r.get(
    '/document/:id/access',
    {
      schema: {
        tags,
        summary: "A document's access list",
        description: describe(`Every grant, expired ones included (owner). ${rule}`, access),
        params,
        response: { 200: dataOf(z.array(accessGrant)), ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await documents.listAccess(deps, requireAuth(request), request.params.id) }),
  );

  r.post(
    '/document/:id/access',
    {
      schema: {
        tags,
        summary: 'Share a document',
        description: describe(
          `Grants a role to a member (subject) or an e-mail (subjectEmail); an address without a membership here is e-mailed an invitation, members get a notice (owner). ${rule}`,
          access,
        ),
        params,
        body: accessGrantCreateBody,
        response: { 200: dataOf(accessGrant), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access },
    },
    async (request) => ({ data: await documents.grantAccess(deps, site(request), requireAuth(request), request.params.id, request.body) }),
  );

  r.put(
    '/document/:id/access/:accessId',
    {
      schema: {
        tags,
        summary: 'Change a grant',
        description: describe(`Changes the role or the expiry of a grant (owner). ${rule}`, access),
        params: grantParams,
        body: accessGrantUpdateBody,
        response: { 200: dataOf(accessGrant), ...errors },
      },
      config: { access },
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
        summary: 'Remove a grant',
        description: describe(`Removes a grant (owner). ${rule}`, access),
        params: grantParams,
        response: { 204: z.null(), ...errors },
      },
      config: { access },
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
        summary: 'Resend the invitation',
        description: describe(`E-mails a new invitation link while the person has not finished signing up (owner). ${rule}`, access),
        params: grantParams,
        response: { 200: dataOf(z.object({ sent: z.literal(true) })), ...errors },
      },
      config: { access },
    },
    async (request) => {
      await documents.resendInvite(deps, site(request), requireAuth(request), request.params.id, request.params.accessId);
      return { data: { sent: true as const } };
    },
  );
}
