import {
  dataOf,
  group,
  groupCreateBody,
  groupDeleted,
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
import { describe, errorResponses, tenantParams } from '../../lib/route-schema.ts';
import { requireCaller } from '../../lib/auth-context.ts';
import * as groups from './groups.service.ts';

const tags = ['Tenant member group'];
const owners: Access = { roles: ['owner'] };
const keyToo = { serviceCaller: true };
const params = tenantParams.extend({ id: objectId });
const memberParams = params.extend({ memberId: objectId });
const scope =
  'Only for this tenant: `{t}` is the id or slug of the tenant of the address; any other gives 404, as does a group of another tenant.';

export async function groupsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = dataOf(group);

  r.get(
    '/tenant/:t/groups',
    {
      schema: {
        tags,
        summary: "A tenant's member groups",
        description: describe(`Searched over name and description, sorted, paginated, each with totalMembers. ${scope}`, owners, keyToo),
        params: tenantParams,
        querystring: groupListQuery,
        response: { 200: listOf(group), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => groups.listGroups(app.db, requireCaller(request), request.query),
  );

  r.post(
    '/tenant/:t/groups',
    {
      schema: {
        tags,
        summary: 'Create a group',
        description: describe(`Name (unique in the tenant) and description. ${scope}`, owners, keyToo),
        params: tenantParams,
        body: groupCreateBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await groups.createGroup(app.db, requireCaller(request), request.body) }),
  );

  r.get(
    '/tenant/:t/groups/:id',
    {
      schema: {
        tags,
        summary: 'A group',
        description: describe(scope, owners, keyToo),
        params,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await groups.getGroup(app.db, requireCaller(request), request.params.id) }),
  );

  r.put(
    '/tenant/:t/groups/:id',
    {
      schema: {
        tags,
        summary: 'Update a group',
        description: describe(`Name and description; fields left out are unchanged. ${scope}`, owners, keyToo),
        params,
        body: groupUpdateBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await groups.updateGroup(app.db, requireCaller(request), request.params.id, request.body) }),
  );

  r.delete(
    '/tenant/:t/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group',
        description: describe(`The members stay members of the tenant. ${scope}`, owners, keyToo),
        params,
        response: { 200: dataOf(groupDeleted), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await groups.deleteGroup(app.db, requireCaller(request), request.params.id) }),
  );

  r.get(
    '/tenant/:t/groups/:id/members',
    {
      schema: {
        tags,
        summary: "A group's members",
        description: describe(`Searchable, filterable and paginated like the member list. ${scope}`, owners, keyToo),
        params,
        querystring: memberListQuery,
        response: { 200: listOf(tenantMemberAdmin), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => groups.listGroupMembers(app.db, requireCaller(request), request.params.id, request.query),
  );

  r.post(
    '/tenant/:t/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'Add members to a group',
        description: describe(
          `\`memberIds\` of members of this tenant (an unknown id refuses the whole call); members already in are skipped. ${scope}`,
          owners,
          keyToo,
        ),
        params,
        body: groupMembersBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await groups.addMembers(app.db, requireCaller(request), request.params.id, request.body.memberIds) }),
  );

  r.delete(
    '/tenant/:t/groups/:id/members/:memberId',
    {
      schema: {
        tags,
        summary: 'Remove a member from a group',
        description: describe(`The member stays a member of the tenant. ${scope}`, owners, keyToo),
        params: memberParams,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => ({ data: await groups.removeMember(app.db, requireCaller(request), request.params.id, request.params.memberId) }),
  );

  r.get(
    '/tenant/:t/groups/:id/events',
    {
      schema: {
        tags,
        summary: "A group's history",
        description: describe(`Timeline events of the group, searchable, sortable, paginated. ${scope}`, owners, keyToo),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access: owners, tenantParam: 't' },
    },
    async (request) => groups.listGroupEvents(app.db, requireCaller(request), request.params.id, request.query),
  );
}
