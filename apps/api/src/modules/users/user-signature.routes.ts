import { dataOf, userSignatureInfo } from '@tessera/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { parseForm, readMultipart, requireFile } from '../../lib/multipart.ts';
import { binaryResponse, errorResponses, idParams, multipartForm, noContent } from '../../lib/route-schema.ts';
import * as signature from './user-signature.service.ts';

const tags = ['User'];
const params = idParams('user');
const signedIn: Access = 'signed-in';
const onlyThemself = "Only the user themself; anyone else (a platform admin too) gets 404: nobody handles another person's signature.";
const info = dataOf(userSignatureInfo).describe('Whether a signature is saved');
/** The signature form: no text fields, the picture in `file`. */
const signatureForm = z.object({});

/** PUT/GET/DELETE user/{id}/signature (000 §7): the signature a person draws once and stamps on what they sign. */
export async function userSignatureRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: signature.SignatureDeps = { db: app.db, storage: app.storage, clock: app.clock };

  r.put(
    '/user/:id/signature',
    {
      schema: {
        tags,
        operationId: 'saveUserSignature',
        summary: 'Save your signature',
        description:
          'multipart/form-data with the signature in the field `file`: a PNG or JPEG of at most 1 MB (413) and 4096 pixels a side. The file is checked as every upload is (a name or content that is not what it claims is a 400 saying why); another kind of file we take elsewhere (a GIF, a PDF) is 415. The picture is decoded and stored again as a plain PNG; the previous one is deleted. The e-signature step stamps it when you sign with a drawn signature.',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: info, ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429, 503) },
      },
      config: {
        access: signedIn,
        accessNote: onlyThemself,
        multipartBody: multipartForm(signatureForm, { file: 'A PNG or JPEG image (checked by content), at most 1 MB (413)' }),
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request);
      parseForm(signatureForm, fields);
      return { data: await signature.saveSignature(deps, requireAuth(request), request.params.id, requireFile(files)) };
    },
  );

  r.get(
    '/user/:id/signature',
    {
      schema: {
        tags,
        operationId: 'getUserSignature',
        summary: 'Your saved signature',
        description: 'The saved signature as a PNG; 404 when none is saved.',
        params,
        response: { 200: binaryResponse(['image/png'], 'The signature (PNG)'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request, reply) => {
      const file = await signature.readSignature(deps, requireAuth(request), request.params.id);
      // The documented 200 is the bytes as a binary string; the reply sends them.
      const bytes: FastifyReply = reply;
      return bytes
        .type('image/png')
        .header('Content-Length', file.size)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  );

  r.get(
    '/user/:id/signature/info',
    {
      schema: {
        tags,
        operationId: 'getUserSignatureInfo',
        summary: 'Whether you saved a signature',
        description: 'Whether a signature is saved, and when it was last saved.',
        params,
        response: { 200: info, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request) => ({ data: signature.getSignatureInfo(requireAuth(request), request.params.id) }),
  );

  r.delete(
    '/user/:id/signature',
    {
      schema: {
        tags,
        operationId: 'deleteUserSignature',
        summary: 'Delete your saved signature',
        description: 'Forgets the saved signature (agreements already signed keep their stamp); 404 when none is saved.',
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request, reply) => {
      await signature.deleteSignature(deps, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
