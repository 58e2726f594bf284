import { dataOf, tenantPublic } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, tenantParams } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { toTenantPublic } from './tenants.repository.ts';

export async function tenantsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/tenant/:t/public',
    {
      schema: {
        tags: ['Tenant'],
        operationId: 'getTenantPublic',
        summary: "A tenant's public view",
        description:
          'Slug, name and branding only: no members, no keys. The client calls it after reading X-Tenant-Slug from a HEAD of its own address.',
        params: tenantParams,
        response: { 200: dataOf(tenantPublic).describe("The tenant's public view"), ...errorResponses(400, 404) },
      },
      config: { access: 'public', tenantParam: 't' },
    },
    async (request, reply) => {
      // Revalidated on every load: saved branding reaches every page of the tenant at once (issue #4).
      reply.header('cache-control', 'no-cache');
      return { data: toTenantPublic(requireTenant(request)) };
    },
  );
}
