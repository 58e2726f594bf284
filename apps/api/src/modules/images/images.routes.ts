import { dataOf, image, imageMetadata, objectId, signedImageQuery } from '@tessera/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { notFound } from '../../lib/app-error.ts';
import { sendImage } from '../../lib/image-reply.ts';
import { imageAtWidth } from '../../lib/image-variants/image-variants.ts';
import {
  binaryResponse,
  created,
  errorResponses,
  idParams,
  IMAGE_MEDIA_TYPES,
  imageBytesResponses,
  multipartForm,
  tenantParams,
} from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { openImage, openTenantImage, uploadImage, type ImageDeps } from './images.service.ts';

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

  r.get(
    '/tenant/:t/images/:imageId',
    {
      schema: {
        tags,
        operationId: 'getSignedImage',
        summary: 'Get an image by its signed address',
        description:
          "The image bytes without the bearer token, for `<img>`: the address is minted by the API in the answers that show an image (institution logos and images, offers' images in Raise) and works for that image on its tenant's address only, for 10 to 15 minutes. With `w`, the image that many pixels wide as WebP (for `srcset`), any of the widths on the same address. A wrong, altered or expired signature, another image or another tenant's address all answer 404, as a missing image does. Cached privately until it expires.",
        params: tenantParams.extend({ imageId: objectId.describe("The image's id (24 hexadecimal characters)") }),
        querystring: signedImageQuery,
        response: { 200: binaryResponse(IMAGE_MEDIA_TYPES, 'The image bytes, of the type their content is'), ...errorResponses(400, 404) },
      },
      config: { access: 'public', tenantParam: 't' },
    },
    async (request, reply) => {
      const tenantId = requireTenant(request).id;
      const { exp, sig } = request.query;
      const now = app.clock.now();
      if (!app.tokens.verifyImageSignature(tenantId, request.params.imageId, exp, sig, now)) throw notFound('Image');
      const { row, ...file } = await openTenantImage(deps, tenantId, request.params.imageId);
      const sized = await imageAtWidth({ storage: app.storage, log: request.log }, row, file, request.query.w);
      // Private: only this browser keeps it, and no longer than the address works.
      return sendImage(reply, sized, `private, max-age=${Math.max(0, exp - Math.floor(now.getTime() / 1000))}`);
    },
  );
}
