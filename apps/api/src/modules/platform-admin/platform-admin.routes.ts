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
  pageQuery,
  roleAssignmentBody,
  roleAssignmentUpdateBody,
  slugAvailability,
  slugAvailabilityQuery,
  tenantCreateBody,
  timelineEvent,
  timelineQuery,
  userAssociations,
  userRoleBody,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, idParams, noContent } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { linkOrigin } from '../../plugins/tenant.ts';
import * as admin from './platform-admin.service.ts';

const tags = ['Platform admin'];
const admins: Access = 'platform-admin';
// The console's every route reads or changes any tenant's rows: row-level security lets them through after the check.
const config = { access: admins, crossTenant: 'the platform admin console' };
// Any tenant, not the tenant of the address (that is `{t}`): by id or slug.
const tenantIdParams = z.object({ tenantId: z.string().min(1).max(64).describe("The tenant's id or slug (any tenant)") });
const userParams = idParams('user');
const rbacParams = userParams.extend({
  rbacId: objectId.describe("The role assignment's id (for a tenant assignment, the membership's rbac id)"),
});

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
        operationId: 'listAdminTenants',
        tags,
        summary: 'List tenants',
        description: 'Every tenant, newest first, with its active member count; search covers name and slug.',
        querystring: adminTenantQuery,
        response: { 200: listOf(adminTenant).describe('A page of tenants'), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listTenants(deps, request.query),
  );

  r.get(
    '/tenant/slug-available',
    {
      schema: {
        operationId: 'checkTenantSlug',
        tags,
        summary: 'Check a tenant address',
        description: 'Whether a slug is well formed, not reserved (www, api, manage, admin…) and free.',
        querystring: slugAvailabilityQuery,
        response: { 200: dataOf(slugAvailability).describe('Whether the address is available'), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => ({ data: await admin.checkSlug(deps, request.query.slug) }),
  );

  r.post(
    '/tenant',
    {
      schema: {
        operationId: 'createTenant',
        tags,
        summary: 'Create a tenant',
        description:
          "Creates the tenant with default branding and makes the owner e-mail its owner: an existing account becomes an active owner at once (the new tenant's `memberCount` is 1), a new address is invited (`memberCount` 0 until they accept; the invitation link points at {slug}.{this host}). The owner's membership is listed by `GET /admin/tenant/{tenantId}/members`. A taken slug gives 409, a reserved one 400.",
        body: tenantCreateBody,
        response: { 201: dataOf(adminTenant).describe('The new tenant'), ...errorResponses(400, 401, 403, 409) },
      },
      config,
    },
    async (request, reply) => {
      const origin = linkOrigin(request.protocol, request.headers.host, { slug: request.body.slug }, app.config);
      const tenant = await admin.createTenant(deps, auth(request), request.body, origin);
      return created(reply, `/tenant/${tenant._id}`, tenant);
    },
  );

  r.get(
    '/tenant/:tenantId',
    {
      schema: {
        operationId: 'getAdminTenant',
        tags,
        summary: 'Get a tenant',
        description: 'Any tenant by id or slug, with its active member count.',
        params: tenantIdParams,
        response: { 200: dataOf(adminTenant).describe('The tenant'), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.getTenant(deps, request.params.tenantId) }),
  );

  r.delete(
    '/tenant/:tenantId',
    {
      schema: {
        operationId: 'deleteTenant',
        tags,
        summary: 'Delete a tenant',
        description:
          'Deletes the tenant (by id or slug) and everything it holds (members, profiles, documents, history). The tenant of this address and the default tenant cannot be deleted (400).',
        params: tenantIdParams,
        response: { ...noContent, ...errors },
      },
      config,
    },
    async (request, reply) => {
      await admin.deleteTenant(deps, auth(request), request.params.tenantId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/admin/tenant/:tenantId/events',
    {
      schema: {
        operationId: 'listAdminTenantEvents',
        tags,
        summary: "A tenant's history",
        description: "Every timeline event of the tenant (by id or slug), for the platform admin's history tab.",
        params: tenantIdParams,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the tenant's events"), ...errors },
      },
      config,
    },
    async (request) => admin.listTenantEvents(deps, request.params.tenantId, request.query),
  );

  r.get(
    '/admin/tenant/:tenantId/members',
    {
      schema: {
        operationId: 'listAdminTenantMembers',
        tags,
        summary: "A tenant's members",
        description: 'Members of the tenant (by id or slug) with role and membership status, newest first; search covers e-mail and names.',
        params: tenantIdParams,
        querystring: adminMemberQuery,
        response: { 200: listOf(adminTenantMember).describe("A page of the tenant's members"), ...errors },
      },
      config,
    },
    async (request) => admin.listTenantMembers(deps, request.params.tenantId, request.query),
  );

  // ---- Users ----
  r.get(
    '/admin/user',
    {
      schema: {
        operationId: 'listAdminUsers',
        tags,
        summary: 'List users',
        description: 'Every account, newest first; search covers e-mail and names, filters role and accountStatus.',
        querystring: adminUserQuery,
        response: { 200: listOf(adminUser).describe('A page of accounts'), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listUsers(deps, request.query),
  );

  r.get(
    '/admin/user/:id',
    {
      schema: {
        operationId: 'getAdminUser',
        tags,
        summary: 'Get a user',
        description: 'Any account by id.',
        params: userParams,
        response: { 200: dataOf(adminUser).describe('The account'), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.getUser(deps, request.params.id) }),
  );

  r.delete(
    '/admin/user/:id',
    {
      schema: {
        operationId: 'deleteAdminUser',
        tags,
        summary: 'Delete a user',
        description: 'Deletes the account and all its memberships; an admin cannot delete their own account (400).',
        params: userParams,
        response: { ...noContent, ...errors },
      },
      config,
    },
    async (request, reply) => {
      await admin.deleteUser(deps, auth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/admin/user/:id/role',
    {
      schema: {
        operationId: 'updateAdminUserRole',
        tags,
        summary: "Change a user's role",
        description:
          'user, admin, demo, institution-admin or evaluator; admin makes a platform admin. An admin cannot remove their own admin role (400).',
        params: userParams,
        body: userRoleBody,
        response: { 200: dataOf(adminUser).describe('The account with its new role'), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.setUserRole(deps, auth(request), request.params.id, request.body.role) }),
  );

  r.get(
    '/admin/user/:id/associations',
    {
      schema: {
        operationId: 'getAdminUserAssociations',
        tags,
        summary: "A user's associations",
        description: 'Memberships per tenant with role and status, and how many profiles and documents the user has.',
        params: userParams,
        response: { 200: dataOf(userAssociations).describe("The account's memberships and counts"), ...errors },
      },
      config,
    },
    async (request) => ({ data: await admin.userAssociations(deps, request.params.id) }),
  );

  r.get(
    '/admin/user/:id/rbac',
    {
      schema: {
        operationId: 'listRoleAssignments',
        tags,
        summary: "A user's role assignments",
        description:
          'Tenant assignments first (the memberships, _id = the membership rbac id), then institution and offer assignments, each oldest first.',
        params: userParams,
        querystring: pageQuery,
        response: { 200: listOf(roleAssignment).describe("A page of the user's role assignments"), ...errors },
      },
      config,
    },
    async (request) => admin.listAssignments(deps, request.params.id, request.query),
  );

  r.post(
    '/admin/user/:id/rbac',
    {
      schema: {
        operationId: 'createRoleAssignment',
        tags,
        summary: 'Add a role assignment',
        description:
          'entityType tenant makes the active membership of that tenant with the role (201), or gives an existing membership the role and makes it active (200); institution and offer need the tenant they belong to. A second assignment on the same institution or offer gives 409.',
        params: userParams,
        body: roleAssignmentBody,
        response: {
          200: dataOf(roleAssignment).describe('The existing membership, with the role'),
          201: dataOf(roleAssignment).describe('The new assignment'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      config,
    },
    async (request, reply) => {
      const { assignment, isNew } = await admin.createAssignment(deps, auth(request), request.params.id, request.body);
      if (!isNew) return { data: assignment };
      return created(reply, `/admin/user/${request.params.id}/rbac/${assignment._id}`, assignment);
    },
  );

  r.put(
    '/admin/user/:id/rbac/:rbacId',
    {
      schema: {
        operationId: 'updateRoleAssignment',
        tags,
        summary: 'Change a role assignment',
        description: 'Changes the role; for a tenant assignment the membership takes the role and its default attributes.',
        params: rbacParams,
        body: roleAssignmentUpdateBody,
        response: { 200: dataOf(roleAssignment).describe('The assignment with its new role'), ...errors },
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
        operationId: 'deleteRoleAssignment',
        tags,
        summary: 'Remove a role assignment',
        description: 'Removing a tenant assignment removes the membership of that tenant.',
        params: rbacParams,
        response: { ...noContent, ...errors },
      },
      config,
    },
    async (request, reply) => {
      await admin.deleteAssignment(deps, auth(request), request.params.id, request.params.rbacId);
      return reply.status(204).send(null);
    },
  );

  // ---- Platform timeline ----
  r.get(
    '/admin/events',
    {
      schema: {
        operationId: 'listPlatformEvents',
        tags,
        summary: 'The platform timeline',
        description:
          "Platform admins' actions that belong to no tenant: user role changes, role assignments and deletions, tenant deletions. Search, sort and direction as every history.",
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe('A page of platform events'), ...errorResponses(400, 401, 403) },
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
        operationId: 'listAdminApplications',
        tags,
        summary: 'Applications across tenants',
        description:
          "Every tenant's accreditation applications with the tenant and the applicant; filters status, type and tenant (an id), search over the applicant's e-mail, sort createdAt (default, newest first), updatedAt, status, userEmail or tenantName.",
        querystring: adminApplicationQuery,
        response: { 200: listOf(adminApplicationItem).describe('A page of applications'), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listApplicationsAcrossTenants(app.db, request.query, app.clock.now()),
  );

  r.get(
    '/admin/offer',
    {
      schema: {
        operationId: 'listAdminOffers',
        tags,
        summary: 'Offers across tenants',
        description:
          "Every tenant's offers, newest first, with the tenant, the institution, approval, publishing and visibility; search covers the offer's and the tenant's name and slug.",
        querystring: adminListQuery,
        response: { 200: listOf(adminOfferItem).describe('A page of offers'), ...errorResponses(400, 401, 403) },
      },
      config,
    },
    async (request) => admin.listOffersAcrossTenants(app.db, request.query),
  );
}
