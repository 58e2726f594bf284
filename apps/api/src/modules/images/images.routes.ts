import { dataOf, image, objectId } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { openImage, uploadImage, type ImageDeps } from './images.service.ts';

const tags = ['Image'];
const access: Access = 'signed-in';

export async function imagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ImageDeps = { db: app.db, storage: app.storage };

  r.post(
    '/image',
    {
      schema: {
        tags,
        summary: 'Upload an image',
        description: describe(
          'Multipart: `file` (PNG, JPEG, GIF or WebP by content) and optional name, type and tags. Returns its id and url.',
          access,
        ),
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(image), ...errorResponses(400, 401, 403, 413) },
      },
      config: { access },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request);
      return { data: await uploadImage(deps, requireAuth(request), requireFile(files), fields) };
    },
  );

  r.get(
    '/image/:id',
    {
      schema: {
        tags,
        summary: 'Get an image',
        description: describe('The image bytes, to members of the tenant it was uploaded in.', access),
        params: z.object({ id: objectId }),
        produces: ['image/*'],
        response: { 200: z.unknown().describe('The image'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request, reply) => {
      const { row, stream, size } = await openImage(deps, requireAuth(request), request.params.id);
      return reply
        .header('Content-Type', row.mimeType)
        .header('Content-Length', size)
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
}
