import {
  adminApplicationItem,
  adminApplicationQuery,
  adminListQuery,
  adminOfferItem,
  adminMemberQuery,
  adminTenant,
  adminTenantMember,
  adminTenantQuery,
  adminUser,
  adminUserQuery,
  dataOf,
  listOf,
  objectId,
  roleAssignment,
  roleAssignmentBody,
  roleAssignmentDeleted,
  roleAssignmentUpdateBody,
  slugAvailability,
  slugAvailabilityQuery,
  tenantCreateBody,
  tenantCreateResult,
  tenantDeleted,
  timelineEvent,
  timelineQuery,
  userAssociations,
  userDeleted,
  userRoleBody,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { linkOrigin } from '../../plugins/tenant.ts';
import * as admin from './platform-admin.service.ts';

const tags = ['Platform admin'];
const admins: Access = 'platform-admin';
// The console's every route reads or changes any tenant's rows: row-level security lets them through after the check.
const config = { access: admins, crossTenant: 'the platform admin console' };
const params = z.object({ id: objectId });
const rbacParams = z.object({ id: objectId, rbacId: objectId });

export async function platformAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: admin.AdminDeps = {
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    storage: app.storage,
    tenantCache: app.tenantCache,
    defaultTenant: app.config.defaultTenant,
  };
  const auth = (request: FastifyRequest) => requireAuth(request);
  const errors = errorResponses(400, 401, 403, 404);

  // ---- Tenants ----
  r.get(
    '/tenant',
    {
      schema: {
        tags,
        summary: 'List tenants',
        description: describe('Every tenant, newest first, with its active member count; search covers name and slug.', admins),
        querystring: adminTenantQuery,
        response: { 200: listOf(adminTenant), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listTenants(deps, request.query),
  );

  r.get(
    '/tenant/slug-available',
    {
      schema: {
        tags,
        summary: 'Check a tenant address',
        description: describe('Whether a slug is well formed, not reserved (www, api, manage, admin…) and free.', admins),
        querystring: slugAvailabilityQuery,
        response: { 200: dataOf(slugAvailability), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => ({ data: await admin.checkSlug(deps, request.query.slug) }),
  );

  r.post(
    '/tenant',
    {
      schema: {
        tags,
        summary: 'Create a tenant',
        description: describe(
          'Creates the tenant with default branding and invites the owner e-mail as its owner; the invitation link points at {slug}.{this host}. An existing account becomes an active owner at once. A taken slug gives 409, a reserved one 400.',
          admins,
        ),
        body: tenantCreateBody,
        response: { 200: dataOf(tenantCreateResult), ...errorResponses(400, 401, 403, 409) },
      },
      config,
    },
    async (request) => ({
      data: await admin.createTenant(
        deps,
        auth(request),
        request.body,
        linkOrigin(request.protocol, request.headers.host, { slug: request.body.slug }, app.config),
      ),
    }),
  );

  r.get(
    '/tenant/:id',
    {
      schema: {
        tags,
        summary: 'Get a tenant',
        description: describe('Any tenant by id, with its active member count.', admins),
        params,
        response: { 200: dataOf(adminTenant), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.getTenant(deps, request.params.id) }),
  );

  r.delete(
    '/tenant/:id',
    {
      schema: {
        tags,
        summary: 'Delete a tenant',
        description: describe(
          'Deletes the tenant and everything it holds (members, profiles, documents, history). The tenant of this address and the default tenant cannot be deleted (400).',
          admins,
        ),
        params,
        response: { 200: dataOf(tenantDeleted), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.deleteTenant(deps, auth(request), request.params.id) }),
  );

  r.get(
    '/admin/tenant/:id/events',
    {
      schema: {
        tags,
        summary: "A tenant's history",
        description: describe("Every timeline event of the tenant, for the platform admin's history tab.", admins),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errors },
      },
      config,
    },
    async (request) => admin.listTenantEvents(deps, request.params.id, request.query),
  );

  r.get(
    '/admin/tenant/:id/members',
    {
      schema: {
        tags,
        summary: "A tenant's members",
        description: describe('Members of the tenant with role and membership status; search covers e-mail and names.', admins),
        params,
        querystring: adminMemberQuery,
        response: { 200: listOf(adminTenantMember), ...errors },
      },
      config,
    },
    async (request) => admin.listTenantMembers(deps, request.params.id, request.query),
  );

  // ---- Users ----
  r.get(
    '/admin/user',
    {
      schema: {
        tags,
        summary: 'List users',
        description: describe('Every account, newest first; search covers e-mail and names, filters role and accountStatus.', admins),
        querystring: adminUserQuery,
        response: { 200: listOf(adminUser), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listUsers(deps, request.query),
  );

  r.get(
    '/admin/user/:id',
    {
      schema: {
        tags,
        summary: 'Get a user',
        description: describe('Any account by id.', admins),
        params,
        response: { 200: dataOf(adminUser), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.getUser(deps, request.params.id) }),
  );

  r.delete(
    '/admin/user/:id',
    {
      schema: {
        tags,
        summary: 'Delete a user',
        description: describe('Deletes the account and all its memberships; an admin cannot delete their own account (400).', admins),
        params,
        response: { 200: dataOf(userDeleted), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.deleteUser(deps, auth(request), request.params.id) }),
  );

  r.put(
    '/admin/user/:id/role',
    {
      schema: {
        tags,
        summary: "Change a user's role",
        description: describe(
          'user, admin, demo, institution-admin or evaluator; admin makes a platform admin. An admin cannot remove their own admin role (400).',
          admins,
        ),
        params,
        body: userRoleBody,
        response: { 200: dataOf(adminUser), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.setUserRole(deps, auth(request), request.params.id, request.body.role) }),
  );

  r.get(
    '/admin/user/:id/associations',
    {
      schema: {
        tags,
        summary: "A user's associations",
        description: describe('Memberships per tenant with role and status, and how many profiles and documents the user has.', admins),
        params,
        response: { 200: dataOf(userAssociations), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.userAssociations(deps, request.params.id) }),
  );

  r.get(
    '/admin/user/:id/rbac',
    {
      schema: {
        tags,
        summary: "A user's role assignments",
        description: describe(
          'Tenant assignments (the memberships, _id = the membership rbac id) and institution or offer assignments.',
          admins,
        ),
        params,
        response: { 200: dataOf(z.array(roleAssignment)), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.listAssignments(deps, request.params.id) }),
  );

  r.post(
    '/admin/user/:id/rbac',
    {
      schema: {
        tags,
        summary: 'Add a role assignment',
        description: describe(
          'entityType tenant makes (or updates) the active membership of that tenant with the role; institution and offer need the tenant they belong to. A second assignment on the same institution or offer gives 409.',
          admins,
        ),
        params,
        body: roleAssignmentBody,
        response: { 200: dataOf(roleAssignment), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config,
    },
    async (request) => ({ data: await admin.createAssignment(deps, auth(request), request.params.id, request.body) }),
  );

  r.put(
    '/admin/user/:id/rbac/:rbacId',
    {
      schema: {
        tags,
        summary: 'Change a role assignment',
        description: describe(
          'Changes the role; for a tenant assignment the membership takes the role and its default attributes.',
          admins,
        ),
        params: rbacParams,
        body: roleAssignmentUpdateBody,
        response: { 200: dataOf(roleAssignment), ...errors },
      },
      config,
    },
    async (request) => ({
      data: await admin.updateAssignment(deps, auth(request), request.params.id, request.params.rbacId, request.body.role),
    }),
  );

  r.delete(
    '/admin/user/:id/rbac/:rbacId',
    {
      schema: {
        tags,
        summary: 'Remove a role assignment',
        description: describe('Removing a tenant assignment removes the membership of that tenant.', admins),
        params: rbacParams,
        response: { 200: dataOf(roleAssignmentDeleted), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.deleteAssignment(deps, auth(request), request.params.id, request.params.rbacId) }),
  );

  // ---- Platform timeline ----
  r.get(
    '/admin/events',
    {
      schema: {
        tags,
        summary: 'The platform timeline',
        description: describe(
          "Platform admins' actions that belong to no tenant: user role changes, role assignments and deletions, tenant deletions. Search, sort and direction as every history.",
          admins,
        ),
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listPlatformEvents(deps, request.query),
  );

  // ---- Cross-tenant lists ----
  r.get(
    '/admin/application',
    {
      schema: {
        tags,
        summary: 'Applications across tenants',
        description: describe(
          "Every tenant's accreditation applications with the tenant and the applicant; filters status, type and tenant (an id), search over the applicant's e-mail, sort createdAt (default, newest first), updatedAt, status, userEmail or tenantName.",
          admins,
        ),
        querystring: adminApplicationQuery,
        response: { 200: listOf(adminApplicationItem), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listApplicationsAcrossTenants(app.db, request.query),
  );

  r.get(
    '/admin/offer',
    {
      schema: {
        tags,
        summary: 'Offers across tenants',
        description: describe(
          "Every tenant's offers, newest first, with the tenant, the institution, approval, publishing and visibility; search covers the offer's and the tenant's name and slug.",
          admins,
        ),
        querystring: adminListQuery,
        response: { 200: listOf(adminOfferItem), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listOffersAcrossTenants(app.db, request.query),
  );
}
