import { brandingImageType, brandingMessaging, brandingTheme, dataOf, objectId, tenantPublic, tenantSlug } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { sendImage } from '../../lib/image-reply.ts';
import { findTenantById } from '../tenants/index.ts';
import * as branding from './branding.service.ts';

const tags = ['Tenant'];
const owners: Access = { roles: ['owner'] };
const keyToo = { serviceCaller: true };
const params = z.object({ id: objectId });
const own =
  "Only this address's tenant (another tenant's id is not found). The saved branding applies to every page of the tenant at once.";

export async function brandingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: branding.BrandingDeps = { db: app.db, storage: app.storage, invalidate: (slug) => app.tenantCache.invalidate(slug) };

  r.put(
    '/tenant/:id/branding/theme',
    {
      schema: {
        tags,
        summary: 'Update the branding theme',
        description: describe(
          `The whole theme: light and dark palettes (eight hex colours each), the font family (one of the 14), the border radius (0–32) and the default mode. ${own}`,
          owners,
          keyToo,
        ),
        params,
        body: brandingTheme,
        response: { 200: dataOf(tenantPublic), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => ({
      data: await branding.updateTheme(deps, requireCaller(request), requireTenant(request), request.params.id, request.body),
    }),
  );

  r.put(
    '/tenant/:id/branding/messaging',
    {
      schema: {
        tags,
        summary: 'Update the branding messaging',
        description: describe(
          `The welcome title and text and up to six promo cards (title, body, up to two buttons with a label and a link, hidden or shown) that the investor dashboard shows. ${own}`,
          owners,
          keyToo,
        ),
        params,
        body: brandingMessaging,
        response: { 200: dataOf(tenantPublic), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => ({
      data: await branding.updateMessaging(deps, requireCaller(request), requireTenant(request), request.params.id, request.body),
    }),
  );

  r.put(
    '/tenant/:id/branding/media',
    {
      schema: {
        tags,
        summary: 'Upload a branding image',
        description: describe(
          `multipart/form-data with \`type\` (icon, logo-dark, logo-light or banner) and the image in \`file\` (png, jpeg, gif or webp, checked by content). The previous image of that type is deleted. ${own}`,
          owners,
          keyToo,
        ),
        params,
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(tenantPublic), ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request);
      const type = branding.parseImageType(fields.type);
      return {
        data: await branding.uploadMedia(deps, requireCaller(request), requireTenant(request), request.params.id, type, requireFile(files)),
      };
    },
  );

  r.delete(
    '/tenant/:id/branding/media/:type',
    {
      schema: {
        tags,
        summary: 'Remove a branding image',
        description: describe(`Removes the image of that type and deletes its file. ${own}`, owners, keyToo),
        params: z.object({ id: objectId, type: brandingImageType }),
        response: { 200: dataOf(tenantPublic), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => ({
      data: await branding.deleteMedia(deps, requireCaller(request), requireTenant(request), request.params.id, request.params.type),
    }),
  );

  r.get(
    '/tenant/:idOrSlug/branding/media/:imageId',
    {
      schema: {
        tags,
        summary: 'A branding image',
        description: describe(
          'The image bytes, open to anyone since sign-in pages show them. An id never changes its bytes: a new upload gets a new id.',
          'public',
        ),
        params: z.object({ idOrSlug: z.union([objectId, tenantSlug], { error: 'Give a tenant id or slug' }), imageId: objectId }),
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: z.unknown().describe('The image bytes'), ...errorResponses(400, 404) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const key = request.params.idOrSlug;
      const tenant = objectId.safeParse(key).success ? await findTenantById(app.db, key) : await app.tenantCache.bySlug(key);
      const file = await branding.openMedia(deps, tenant, request.params.imageId);
      return sendImage(reply, file, 'public, max-age=31536000, immutable');
    },
  );
}
