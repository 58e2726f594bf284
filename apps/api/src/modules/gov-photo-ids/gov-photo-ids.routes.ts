import { dataOf, govPhotoId, govPhotoIdCreateBody, govPhotoIdQuery, govPhotoIdUpdateBody, listOf, revealQuery } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { created, errorResponses, idParams, multipartForm, noContent } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import * as ids from './gov-photo-ids.service.ts';

const tags = ['Government photo ID'];
const access: Access = 'signed-in';
const params = idParams('government photo ID');
const one = dataOf(govPhotoId).describe('The government photo ID');
const errors = errorResponses(400, 401, 403, 404);
const own = 'Only its owner sees or changes an ID; anyone else gets 404. The number is encrypted at rest and masked in responses.';

export async function govPhotoIdsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ids.GovPhotoIdDeps = {
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    storage: app.storage,
    cipher: app.cipher,
  };

  r.get(
    '/gov-photo-id',
    {
      schema: {
        tags,
        operationId: 'listGovPhotoIds',
        summary: 'My government photo IDs',
        description: `The caller's IDs, newest first, optionally of one individual profile. ${own}`,
        querystring: govPhotoIdQuery,
        response: { 200: listOf(govPhotoId).describe('A page of government photo IDs'), ...errors },
      },
      config: { access },
    },
    async (request) => ids.listGovPhotoIds(deps, requireAuth(request), request.query),
  );

  r.post(
    '/gov-photo-id',
    {
      schema: {
        tags,
        operationId: 'createGovPhotoId',
        summary: 'Submit a government photo ID',
        description: `All nine fields are required; documentFrontId and documentBackId are documents the caller uploaded (images or PDFs). The optional individualProfile must be one of the caller's profiles (404 otherwise); the new ID joins that profile's govPhotoIds. ${own}`,
        body: govPhotoIdCreateBody,
        response: { 201: one, ...errors },
      },
      config: { access },
    },
    async (request, reply) => {
      const id = await ids.createGovPhotoId(deps, requireAuth(request), request.body);
      return created(reply, `/gov-photo-id/${id._id}`, id);
    },
  );

  r.get(
    '/gov-photo-id/:id',
    {
      schema: {
        tags,
        operationId: 'getGovPhotoId',
        summary: 'Get a government photo ID',
        description: `With reveal=true the owner gets the number in full. ${own}`,
        params,
        querystring: revealQuery,
        response: { 200: one, ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await ids.getGovPhotoId(deps, requireAuth(request), request.params.id, request.query.reveal) }),
  );

  r.put(
    '/gov-photo-id/:id',
    {
      schema: {
        tags,
        operationId: 'updateGovPhotoId',
        summary: 'Update a government photo ID',
        description: `Changes any of the nine fields. ${own}`,
        params,
        body: govPhotoIdUpdateBody,
        response: { 200: one, ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await ids.updateGovPhotoId(deps, requireAuth(request), request.params.id, request.body) }),
  );

  r.delete(
    '/gov-photo-id/:id',
    {
      schema: {
        tags,
        operationId: 'deleteGovPhotoId',
        summary: 'Delete a government photo ID',
        description: `It also leaves every profile's govPhotoIds. ${own}`,
        params,
        response: { ...noContent, ...errors },
      },
      config: { access },
    },
    async (request, reply) => {
      await ids.deleteGovPhotoId(deps, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);
  const idPicture = multipartForm(z.object({}), {
    file: `A PNG, JPEG, GIF or WebP image or a PDF (checked by content), at most ${maxMb} MB (413)`,
  });
  for (const [side, Side] of [
    ['front', 'Front'],
    ['back', 'Back'],
  ] as const) {
    r.put(
      `/gov-photo-id/:id/${side}-document`,
      {
        schema: {
          tags,
          operationId: `uploadGovPhotoId${Side}Document`,
          summary: `Upload the ${side} of an ID`,
          description: `The picture is stored as a GOVERNMENT_ID document and linked as the ${side}. ${own}`,
          params,
          consumes: ['multipart/form-data'],
          response: { 200: one, ...errorResponses(400, 401, 403, 404, 413) },
        },
        config: { access, multipartBody: idPicture },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { files } = await readMultipart(request);
        return { data: await ids.setIdDocument(deps, auth, request.params.id, side, requireFile(files)) };
      },
    );
  }
}
