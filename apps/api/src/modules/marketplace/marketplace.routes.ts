import { dataOf, marketplaceOffer, offerIdOrSlug } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { checkTenantParam } from '../members/members.service.ts';
import * as marketplace from './marketplace.service.ts';

const tags = ['Marketplace'];
/** The marketplace is the tenant's shop window: open to signed-out visitors (001 §6). */
const access: Access = 'public';
const tenantParams = z.object({ t: z.string().min(1).max(64) });
const listed = 'Only offers that the provider approved, the institution published and the tenant made visible are served; any other, and any offer of another tenant, is 404.';
const scope = '`{t}` is the id or slug of the tenant of the address; any other is 404.';

export async function marketplaceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: marketplace.MarketplaceDeps = { db: app.db, clock: app.clock };

  r.get('/tenant/:t/marketplace/offers/:idOrSlug', {
    schema: {
      tags, summary: 'An offer on the marketplace',
      description: describe(
        `By id or slug (ignoring case). The investor's view: description, institution, visible images, videos, custom metrics and documents (hidden ones are left out), classes, dates with the derived listing status, and the calls to action. ${listed} ${scope}`,
        access,
      ),
      params: tenantParams.extend({ idOrSlug: offerIdOrSlug }),
      response: { 200: dataOf(marketplaceOffer), ...errorResponses(400, 404) },
    },
    config: { access },
  }, async (request) => {
    const tenant = requireTenant(request);
    checkTenantParam(tenant, request.params.t);
    return { data: await marketplace.getMarketplaceOffer(deps, tenant.id, request.params.idOrSlug) };
  });
}
