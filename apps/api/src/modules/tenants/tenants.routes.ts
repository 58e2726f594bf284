import { dataOf, objectId, tenantPublic, tenantSlug } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { findTenantById, toTenantPublic } from './tenants.repository.ts';

export async function tenantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tenant/:idOrSlug/public',
    {
      schema: {
        tags: ['Tenant'],
        summary: "A tenant's public view",
        description: describe(
          'Slug, name and branding only: no members, no keys. The client calls it after reading X-Tenant-Slug from a HEAD of its own address.',
          'public',
        ),
        params: z.object({ idOrSlug: z.union([objectId, tenantSlug], { error: 'Give a tenant id or slug' }) }),
        response: { 200: dataOf(tenantPublic), ...errorResponses(400, 404) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const key = request.params.idOrSlug;
      const tenant = objectId.safeParse(key).success ? await findTenantById(app.db, key) : await app.tenantCache.bySlug(key);
      if (!tenant) throw notFound('Organization');
      // Revalidated on every load: saved branding reaches every page of the tenant at once (issue #4).
      reply.header('cache-control', 'no-cache');
      return { data: toTenantPublic(tenant) };
    },
  );
}
