import {
  dataOf,
  listOf,
  myTenant,
  objectId,
  pageQuery,
  tenantDashboard,
  tenantDashboardQuery,
  tenantDetails,
  tenantDetailsBody,
  tenantSlug,
  tenantVerificationBody,
  timelineEvent,
  timelineQuery,
  updateContactBody,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { notFound } from '../../lib/app-error.ts';
import { errorResponses, tenantParams } from '../../lib/route-schema.ts';
import { requireAuth, requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { findTenantById } from '../tenants/index.ts';
import * as service from './tenant-admin.service.ts';

const tags = ['Tenant'];
const owners: Access = { roles: ['owner'] };
const ownersOnly = { apiKeys: true, keyResource: 'tenant', access: owners, tenantParam: 't' } as const;
const detailsResponse = { 200: dataOf(tenantDetails).describe("The tenant's details"), ...errorResponses(400, 401, 403, 404) };
const changeNote = 'Records a tenant timeline event with the old and new values; the change applies to every page of the tenant at once.';
/** A platform admin's address of any tenant: its id or its slug. */
const anyTenantParams = z.object({
  tenantId: z
    .union([objectId, tenantSlug], { error: 'Give a tenant id or slug' })
    .describe('Any tenant, by its id (24 hexadecimal characters) or its slug'),
});

export async function tenantAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, tenantCache: app.tenantCache, clock: app.clock });

  r.get(
    '/tenant/mine',
    {
      schema: {
        tags,
        operationId: 'listMyTenants',
        summary: "The signed-in user's tenants",
        description:
          "The tenants the user is an active member of, by name, with their role and the address that opens each one ({protocol}//{slug}.{host base}); `current` marks this address's tenant. Sessions belong to one tenant, so the user signs in again at the other address.",
        querystring: pageQuery,
        response: { 200: listOf(myTenant).describe("A page of the user's tenants"), ...errorResponses(400, 401, 403) },
      },
      // The user menu lists them, also while a second factor is still to be set up.
      config: { access: 'signed-in', mfaSetup: true },
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
      return service.listMyTenants(deps(), requireAuth(request), addressOf, request.query);
    },
  );

  r.get(
    '/tenant/:t/details',
    {
      schema: {
        tags,
        operationId: 'getTenantDetails',
        summary: "A tenant's details for its owners",
        description: 'Name, description, website, contact and verification status.',
        params: tenantParams,
        response: detailsResponse,
      },
      config: ownersOnly,
    },
    async (request) => ({ data: await service.getDetails(deps(), requireCaller(request), requireTenant(request).id) }),
  );

  r.put(
    '/tenant/:t/details',
    {
      schema: {
        tags,
        operationId: 'updateTenantDetails',
        summary: "Update a tenant's details",
        description: `Name (required, at most 120 characters), description (at most 2000; empty clears it) and website (a full http(s) address or empty); optionally the support e-mail (a valid address, empty clears it) and whether investors may use the high-minimum-investment path of the SEC staff letter of 12 March 2025 (off by default). ${changeNote}`,
        params: tenantParams,
        body: tenantDetailsBody,
        response: detailsResponse,
      },
      config: ownersOnly,
    },
    async (request) => ({
      data: await service.updateDetails(deps(), requireCaller(request), requireTenant(request).id, request.body),
    }),
  );

  r.put(
    '/tenant/:t/contact',
    {
      schema: {
        tags,
        operationId: 'updateTenantContact',
        summary: "Update a tenant's contact",
        description: `The whole contact (addresses, emails, phones, faxes, links), replacing the previous one; at most one primary item per kind. ${changeNote}`,
        params: tenantParams,
        body: updateContactBody,
        response: detailsResponse,
      },
      config: ownersOnly,
    },
    async (request) => ({
      data: await service.updateContact(deps(), requireCaller(request), requireTenant(request).id, request.body.contact),
    }),
  );

  r.put(
    '/tenant/:tenantId/verification',
    {
      schema: {
        tags,
        operationId: 'updateTenantVerification',
        summary: "Set a tenant's verification status",
        description: `The platform provider's check of the organisation behind the tenant: any tenant, by id or slug (an unknown one is not found). ${changeNote}`,
        params: anyTenantParams,
        body: tenantVerificationBody,
        response: detailsResponse,
      },
      // Any tenant's row and timeline, not only the host's.
      config: { access: 'platform-admin', crossTenant: "the provider's verification of any tenant" },
    },
    async (request) => {
      const key = request.params.tenantId;
      const tenant = objectId.safeParse(key).success ? await findTenantById(app.db, key) : await app.tenantCache.bySlug(key);
      if (!tenant) throw notFound('Tenant');
      return {
        data: await service.updateVerification(deps(), requireAuth(request), tenant.id, request.body.verificationStatus),
      };
    },
  );

  r.get(
    '/tenant/:t/events',
    {
      schema: {
        tags,
        operationId: 'listTenantEvents',
        summary: "A tenant's history",
        description:
          'Timeline events about the tenant itself (details, contact, branding, verification, API keys), with search, sort and direction.',
        params: tenantParams,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the tenant's timeline events"), ...errorResponses(400, 401, 403, 404) },
      },
      config: ownersOnly,
    },
    async (request) => service.listEvents(deps(), requireCaller(request), requireTenant(request).id, request.query),
  );

  r.get(
    '/tenant/:t/dashboard',
    {
      schema: {
        tags,
        operationId: 'getTenantDashboard',
        summary: "A tenant's dashboard",
        description:
          "Members by membership status, members added per UTC day over the last `days` (7, 30 or 90; default 30), offers and institutions counts, the last 10 timeline events of the tenant, and the marketplace's analytics from the hourly/daily/monthly rollups for the window `start`–`end` in buckets of `scale` (all three, or none for the last month by day; at most 1100 buckets): one point per bucket with the window's totals (unique visitors counted once across buckets), and the five offers and institutions with the most impressions.",
        params: tenantParams,
        querystring: tenantDashboardQuery,
        response: { 200: dataOf(tenantDashboard).describe("The tenant's dashboard"), ...errorResponses(400, 401, 403, 404) },
      },
      config: ownersOnly,
    },
    async (request) => ({
      data: await service.getDashboard(deps(), requireCaller(request), requireTenant(request).id, request.query),
    }),
  );
}
