import { dataOf, govPhotoId, govPhotoIdCreateBody, govPhotoIdQuery, govPhotoIdUpdateBody, objectId, revealQuery } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import * as ids from './gov-photo-ids.service.ts';

const tags = ['Government photo ID'];
const access: Access = 'signed-in';
const params = z.object({ id: objectId });
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
        summary: 'My government photo IDs',
        description: describe(`The caller's IDs, optionally of one individual profile. ${own}`, access),
        querystring: govPhotoIdQuery,
        response: { 200: dataOf(z.array(govPhotoId)), ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await ids.listGovPhotoIds(deps, requireAuth(request), request.query) }),
  );

  r.post(
    '/gov-photo-id',
    {
      schema: {
        tags,
        summary: 'Submit a government photo ID',
        description: describe(
          `All nine fields are required; documentFrontId and documentBackId are documents the caller uploaded (images or PDFs). The optional individualProfile must be one of the caller's profiles (404 otherwise); the new ID joins that profile's govPhotoIds. ${own}`,
          access,
        ),
        body: govPhotoIdCreateBody,
        response: { 200: dataOf(govPhotoId), ...errors },
      },
      config: { access },
    },
    async (request) => ({ data: await ids.createGovPhotoId(deps, requireAuth(request), request.body) }),
  );

  r.get(
    '/gov-photo-id/:id',
    {
      schema: {
        tags,
        summary: 'Get a government photo ID',
        description: describe(`With reveal=true the owner gets the number in full. ${own}`, access),
        params,
        querystring: revealQuery,
        response: { 200: dataOf(govPhotoId), ...errors },
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
        summary: 'Update a government photo ID',
        description: describe(`Changes any of the nine fields. ${own}`, access),
        params,
        body: govPhotoIdUpdateBody,
        response: { 200: dataOf(govPhotoId), ...errors },
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
        summary: 'Delete a government photo ID',
        description: describe(`It also leaves every profile's govPhotoIds. ${own}`, access),
        params,
        response: { 204: z.null(), ...errors },
      },
      config: { access },
    },
    async (request, reply) => {
      await ids.deleteGovPhotoId(deps, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const side of ['front', 'back'] as const) {
    r.put(
      `/gov-photo-id/:id/${side}-document`,
      {
        schema: {
          tags,
          summary: `Upload the ${side} of an ID`,
          description: describe(
            `Multipart \`file\` (image or PDF): stored as a GOVERNMENT_ID document and linked as the ${side}. ${own}`,
            access,
          ),
          params,
          consumes: ['multipart/form-data'],
          response: { 200: dataOf(govPhotoId), ...errorResponses(400, 401, 403, 404, 413) },
        },
        config: { access },
      },
      async (request) => {
        const auth = requireAuth(request);
        const { files } = await readMultipart(request);
        return { data: await ids.setIdDocument(deps, auth, request.params.id, side, requireFile(files)) };
      },
    );
  }
}
