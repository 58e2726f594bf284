import { dataOf, image, imageMetadata } from '@tessera/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { created, errorResponses, idParams, imageBytesResponses, multipartForm } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { openImage, uploadImage, type ImageDeps } from './images.service.ts';

const tags = ['Image'];
const access: Access = 'signed-in';

export async function imagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: ImageDeps = { db: app.db, storage: app.storage };
  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);
  const uploadForm = multipartForm(imageMetadata, {
    file: `The image: PNG, JPEG, GIF or WebP, checked by content; at most ${maxMb} MB (413)`,
  });

  r.post(
    '/image',
    {
      schema: {
        tags,
        operationId: 'createImage',
        summary: 'Upload an image',
        description: 'A multipart form: the image and optional name, type and tags. Answers its id and url.',
        consumes: ['multipart/form-data'],
        response: { 201: dataOf(image).describe('The image'), ...errorResponses(400, 401, 403, 413) },
      },
      config: { access, multipartBody: uploadForm },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request);
      const uploaded = await uploadImage(deps, requireAuth(request), requireFile(files), fields);
      return created(reply, `/image/${uploaded._id}`, uploaded);
    },
  );

  r.get(
    '/image/:id',
    {
      schema: {
        tags,
        operationId: 'getImage',
        summary: 'Get an image',
        description: 'The image bytes, to members of the tenant it was uploaded in.',
        params: idParams('image'),
        response: imageBytesResponses(),
      },
      config: { access },
    },
    async (request, reply) => {
      const { row, stream, size } = await openImage(deps, requireAuth(request), request.params.id);
      // The documented 200 is the bytes as a binary string; the reply streams them.
      const bytes: FastifyReply = reply;
      return bytes
        .header('Content-Type', row.mimeType)
        .header('Content-Length', size)
        .header('Content-Disposition', 'inline')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stream);
    },
  );
}
