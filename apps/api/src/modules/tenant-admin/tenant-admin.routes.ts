import {
  dataOf,
  listOf,
  myTenant,
  objectId,
  tenantDashboard,
  tenantDashboardQuery,
  tenantDetails,
  tenantDetailsBody,
  tenantVerificationBody,
  timelineEvent,
  timelineQuery,
  updateContactBody,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth, requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import * as service from './tenant-admin.service.ts';

const tags = ['Tenant'];
const owners: Access = { roles: ['owner'] };
const keyToo = { serviceCaller: true };
const params = z.object({ id: objectId });
const detailsResponse = { 200: dataOf(tenantDetails), ...errorResponses(400, 401, 403, 404) };
const hostTenantOnly = "The id must be this address's tenant; any other tenant is not found.";
const changeNote = 'Records a tenant timeline event with the old and new values; the change applies to every page of the tenant at once.';

export async function tenantAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, tenantCache: app.tenantCache, clock: app.clock });

  r.get(
    '/tenant/mine',
    {
      schema: {
        tags,
        summary: "The signed-in user's tenants",
        description: describe(
          "The tenants the user is an active member of, by name, with their role and the address that opens each one ({protocol}//{slug}.{host base}); `current` marks this address's tenant. Sessions belong to one tenant, so the user signs in again at the other address.",
          'signed-in',
        ),
        response: { 200: dataOf(z.array(myTenant)), ...errorResponses(401, 403) },
      },
      config: { access: 'signed-in' },
    },
    async (request) => {
      const current = requireTenant(request).slug;
      const addressOf = (slug: string) =>
        service.tenantAddress(
          {
            protocol: request.protocol,
            hostname: request.hostname,
            port: request.port,
            currentSlug: current,
            baseDomain: app.config.baseDomain,
          },
          slug,
        );
      return { data: await service.listMyTenants(deps(), requireAuth(request), addressOf) };
    },
  );

  r.get(
    '/tenant/:id/details',
    {
      schema: {
        tags,
        summary: "A tenant's details for its owners",
        description: describe(`Name, description, website, contact and verification status. ${hostTenantOnly}`, owners, keyToo),
        params,
        response: detailsResponse,
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => ({ data: await service.getDetails(deps(), requireCaller(request), request.params.id) }),
  );

  r.put(
    '/tenant/:id/details',
    {
      schema: {
        tags,
        summary: "Update a tenant's details",
        description: describe(
          `Name (required, at most 120 characters), description (at most 2000; empty clears it) and website (a full http(s) address or empty). ${changeNote} ${hostTenantOnly}`,
          owners,
          keyToo,
        ),
        params,
        body: tenantDetailsBody,
        response: detailsResponse,
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => ({ data: await service.updateDetails(deps(), requireCaller(request), request.params.id, request.body) }),
  );

  r.put(
    '/tenant/:id/contact',
    {
      schema: {
        tags,
        summary: "Update a tenant's contact",
        description: describe(
          `The whole contact (addresses, emails, phones, faxes, links), replacing the previous one; at most one primary item per kind. ${changeNote} ${hostTenantOnly}`,
          owners,
          keyToo,
        ),
        params,
        body: updateContactBody,
        response: detailsResponse,
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => ({ data: await service.updateContact(deps(), requireCaller(request), request.params.id, request.body.contact) }),
  );

  r.put(
    '/tenant/:id/verification',
    {
      schema: {
        tags,
        summary: "Set a tenant's verification status",
        description: describe(
          `The platform provider's check of the organisation behind the tenant: any tenant, by id (an unknown id is not found). ${changeNote}`,
          'platform-admin',
        ),
        params,
        body: tenantVerificationBody,
        response: detailsResponse,
      },
      // Any tenant's row and timeline, not only the host's.
      config: { access: 'platform-admin', crossTenant: "the provider's verification of any tenant" },
    },
    async (request) => ({
      data: await service.updateVerification(deps(), requireAuth(request), request.params.id, request.body.verificationStatus),
    }),
  );

  r.get(
    '/tenant/:id/events',
    {
      schema: {
        tags,
        summary: "A tenant's history",
        description: describe(
          `Timeline events about the tenant itself (details, contact, branding, verification, API keys), with search, sort and direction. ${hostTenantOnly}`,
          owners,
          keyToo,
        ),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => service.listEvents(deps(), requireCaller(request), request.params.id, request.query),
  );

  r.get(
    '/tenant/:id/dashboard',
    {
      schema: {
        tags,
        summary: "A tenant's dashboard",
        description: describe(
          `Members by membership status, members added per UTC day over the last \`days\` (7, 30 or 90; default 30), offers and institutions counts, and the last 10 timeline events of the tenant. ${hostTenantOnly}`,
          owners,
          keyToo,
        ),
        params,
        querystring: tenantDashboardQuery,
        response: { 200: dataOf(tenantDashboard), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners },
    },
    async (request) => ({ data: await service.getDashboard(deps(), requireCaller(request), request.params.id, request.query.days) }),
  );
}
