import {
  dataOf,
  group,
  groupCreateBody,
  groupListQuery,
  groupMembersBody,
  groupUpdateBody,
  listOf,
  memberListQuery,
  objectId,
  tenantMemberAdmin,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, noContent, tenantParams } from '../../lib/route-schema.ts';
import { requireCaller } from '../../lib/auth-context.ts';
import * as groups from './groups.service.ts';

const tags = ['Tenant member group'];
const owners: Access = { roles: ['owner'] };
const config = { apiKeys: true, keyResource: 'members', access: owners, tenantParam: 't' } as const;
const params = tenantParams.extend({ id: objectId.describe("The group's id (24 hexadecimal characters)") });
const memberParams = params.extend({ memberId: objectId.describe("The member's id (the membership's _id)") });
const scope =
  'Only for this tenant: `{t}` is the id or slug of the tenant of the address; any other gives 404, as does a group of another tenant.';

export async function groupsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = dataOf(group);

  r.get(
    '/tenant/:t/groups',
    {
      schema: {
        operationId: 'listGroups',
        tags,
        summary: "A tenant's member groups",
        description: `Searched over name and description, sorted, paginated, each with totalMembers. ${scope}`,
        params: tenantParams,
        querystring: groupListQuery,
        response: { 200: listOf(group).describe('A page of groups'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => groups.listGroups(app.db, requireCaller(request), request.query),
  );

  r.post(
    '/tenant/:t/groups',
    {
      schema: {
        operationId: 'createGroup',
        tags,
        summary: 'Create a group',
        description: `Name (unique in the tenant, else 409) and description. ${scope}`,
        params: tenantParams,
        body: groupCreateBody,
        response: { 201: one.describe('The new group'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config,
    },
    async (request, reply) => {
      const made = await groups.createGroup(app.db, requireCaller(request), request.body);
      return created(reply, `/tenant/${request.params.t}/groups/${made._id}`, made);
    },
  );

  r.get(
    '/tenant/:t/groups/:id',
    {
      schema: {
        operationId: 'getGroup',
        tags,
        summary: 'A group',
        description: `The group with its member count. ${scope}`,
        params,
        response: { 200: one.describe('The group'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await groups.getGroup(app.db, requireCaller(request), request.params.id) }),
  );

  r.put(
    '/tenant/:t/groups/:id',
    {
      schema: {
        operationId: 'updateGroup',
        tags,
        summary: 'Update a group',
        description: `Name and description; fields left out are unchanged. ${scope}`,
        params,
        body: groupUpdateBody,
        response: { 200: one.describe('The updated group'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config,
    },
    async (request) => ({ data: await groups.updateGroup(app.db, requireCaller(request), request.params.id, request.body) }),
  );

  r.delete(
    '/tenant/:t/groups/:id',
    {
      schema: {
        operationId: 'deleteGroup',
        tags,
        summary: 'Delete a group',
        description: `The members stay members of the tenant. ${scope}`,
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request, reply) => {
      await groups.deleteGroup(app.db, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/tenant/:t/groups/:id/members',
    {
      schema: {
        operationId: 'listGroupMembers',
        tags,
        summary: "A group's members",
        description: `Searchable, filterable and paginated like the member list. ${scope}`,
        params,
        querystring: memberListQuery,
        response: { 200: listOf(tenantMemberAdmin).describe("A page of the group's members"), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => groups.listGroupMembers(app.db, requireCaller(request), request.params.id, request.query),
  );

  r.post(
    '/tenant/:t/groups/:id/members',
    {
      schema: {
        operationId: 'addGroupMembers',
        tags,
        summary: 'Add members to a group',
        description: `\`memberIds\` of members of this tenant (an unknown id refuses the whole call); members already in are skipped. ${scope}`,
        params,
        body: groupMembersBody,
        response: { 200: one.describe('The group with its new member count'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await groups.addMembers(app.db, requireCaller(request), request.params.id, request.body.memberIds) }),
  );

  r.delete(
    '/tenant/:t/groups/:id/members/:memberId',
    {
      schema: {
        operationId: 'removeGroupMember',
        tags,
        summary: 'Remove a member from a group',
        description: `The member stays a member of the tenant; a member not in the group gives 404. ${scope}`,
        params: memberParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request, reply) => {
      await groups.removeMember(app.db, requireCaller(request), request.params.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/tenant/:t/groups/:id/events',
    {
      schema: {
        operationId: 'listGroupEvents',
        tags,
        summary: "A group's history",
        description: `Timeline events of the group, searchable, sortable, paginated. ${scope}`,
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the group's events"), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => groups.listGroupEvents(app.db, requireCaller(request), request.params.id, request.query),
  );
}
