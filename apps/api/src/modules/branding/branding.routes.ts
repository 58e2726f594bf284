import { brandingImageType, brandingMessaging, brandingTheme, dataOf, objectId, tenantPublic } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { parseForm, readMultipart, requireFile } from '../../lib/multipart.ts';
import { errorResponses, imageBytesResponses, multipartForm, noContent, tenantParams } from '../../lib/route-schema.ts';
import { requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { sendImage } from '../../lib/image-reply.ts';
import * as branding from './branding.service.ts';

const tags = ['Tenant'];
const owners: Access = { roles: ['owner'] };
const ownersOnly = { apiKeys: true, keyResource: 'tenant', access: owners, tenantParam: 't' } as const;
const applies = 'The saved branding applies to every page of the tenant at once.';
const tenantData = dataOf(tenantPublic).describe("The tenant's public view with its new branding");
/** The upload form's text field: which of the four images the file is. */
const mediaForm = z.object({ type: brandingImageType.describe('Which image the file is: icon, logo-dark, logo-light or banner') });

export async function brandingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: branding.BrandingDeps = { db: app.db, storage: app.storage, invalidate: (slug) => app.tenantCache.invalidate(slug) };

  r.put(
    '/tenant/:t/branding/theme',
    {
      schema: {
        tags,
        operationId: 'updateBrandingTheme',
        summary: 'Update the branding theme',
        description: `The whole theme: light and dark palettes (eight hex colours each), the font family (one of the 14), the border radius (0–32) and the default mode. ${applies}`,
        params: tenantParams,
        body: brandingTheme,
        response: { 200: tenantData, ...errorResponses(400, 401, 403, 404) },
      },
      config: ownersOnly,
    },
    async (request) => {
      const host = requireTenant(request);
      return { data: await branding.updateTheme(deps, requireCaller(request), host, host.id, request.body) };
    },
  );

  r.put(
    '/tenant/:t/branding/messaging',
    {
      schema: {
        tags,
        operationId: 'updateBrandingMessaging',
        summary: 'Update the branding messaging',
        description: `The welcome title and text and up to six promo cards (title, body, up to two buttons with a label and a link, hidden or shown) that the investor dashboard shows. ${applies}`,
        params: tenantParams,
        body: brandingMessaging,
        response: { 200: tenantData, ...errorResponses(400, 401, 403, 404) },
      },
      config: ownersOnly,
    },
    async (request) => {
      const host = requireTenant(request);
      return { data: await branding.updateMessaging(deps, requireCaller(request), host, host.id, request.body) };
    },
  );

  r.put(
    '/tenant/:t/branding/media',
    {
      schema: {
        tags,
        operationId: 'uploadBrandingMedia',
        summary: 'Upload a branding image',
        description: `multipart/form-data with \`type\` (icon, logo-dark, logo-light or banner) and the image in \`file\`. The previous image of that type is deleted. ${applies}`,
        params: tenantParams,
        consumes: ['multipart/form-data'],
        response: { 200: tenantData, ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: {
        ...ownersOnly,
        multipartBody: multipartForm(mediaForm, {
          file: 'A PNG, JPEG, GIF or WebP image (checked by content), at most UPLOAD_MAX_MB (413)',
        }),
      },
    },
    async (request) => {
      const host = requireTenant(request);
      const { fields, files } = await readMultipart(request);
      const { type } = parseForm(mediaForm, fields);
      return { data: await branding.uploadMedia(deps, requireCaller(request), host, host.id, type, requireFile(files)) };
    },
  );

  // One path for the tenant's images: DELETE names the image by its type, GET by its id (the url in the branding).
  r.delete(
    '/tenant/:t/branding/media/:image',
    {
      schema: {
        tags,
        operationId: 'deleteBrandingMedia',
        summary: 'Remove a branding image',
        description: `Removes the image of that type and deletes its file. ${applies}`,
        params: tenantParams.extend({ image: brandingImageType.describe('The type of the image to remove') }),
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: ownersOnly,
    },
    async (request, reply) => {
      const host = requireTenant(request);
      await branding.deleteMedia(deps, requireCaller(request), host, host.id, request.params.image);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/tenant/:t/branding/media/:image',
    {
      schema: {
        tags,
        operationId: 'getBrandingMedia',
        summary: 'A branding image',
        description:
          'The image bytes, open to anyone since sign-in pages show them. An id never changes its bytes: a new upload gets a new id.',
        params: tenantParams.extend({ image: objectId.describe("The image's id, from its `url` in the tenant's branding") }),
        response: imageBytesResponses(),
      },
      config: { access: 'public', tenantParam: 't' },
    },
    async (request, reply) => {
      const file = await branding.openMedia(deps, requireTenant(request), request.params.image);
      return sendImage(reply, file, 'public, max-age=31536000, immutable');
    },
  );
}
