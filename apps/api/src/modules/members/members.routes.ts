import {
  dataOf,
  group,
  listOf,
  MEMBERSHIP_TRANSITIONS,
  memberAccessBody,
  memberDetailsBody,
  memberImageBody,
  memberInviteBody,
  memberListQuery,
  memberRoleBody,
  memberStatusBody,
  objectId,
  pageQuery,
  tenantMember,
  tenantMemberAdmin,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, noContent, tenantParams } from '../../lib/route-schema.ts';
import { requireAuth, requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import type { AuthDeps, CallSite, SessionsDeps } from '../auth/index.ts';
import * as members from './members.service.ts';

const tags = ['Tenant member'];
const owners: Access = { roles: ['owner'] };
const signedIn: Access = 'signed-in';
const config = { apiKeys: true, keyResource: 'members', access: owners, tenantParam: 't' } as const;
const params = tenantParams.extend({ id: objectId.describe("The member's id (the membership's _id)") });
const ownParams = z.object({ tenantMemberId: objectId.describe("Your membership's id (its _id)") });
const scope =
  'Only for this tenant: `{t}` is the id or slug of the tenant of the address; any other gives 404, as does a member of another tenant.';

const transitionsText = Object.entries(MEMBERSHIP_TRANSITIONS)
  .map(([from, to]) => `- ${from} → ${to.join(', ')}`)
  .join('\n');

export async function membersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AuthDeps & SessionsDeps = {
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
    realtime: app.realtime,
  };
  const site = (request: FastifyRequest): CallSite => ({ tenant: requireTenant(request), origin: request.linkOrigin });
  const member = dataOf(tenantMemberAdmin);

  r.get(
    '/tenant/:t/members',
    {
      schema: {
        operationId: 'listMembers',
        tags,
        summary: "A tenant's members",
        description: `Searched over name and e-mail, filtered by role and membership status (and \`notInGroup\`: not in that group), sorted and paginated (newest first by default). ${scope}`,
        params: tenantParams,
        querystring: memberListQuery,
        response: { 200: listOf(tenantMemberAdmin).describe('A page of members'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => members.listMembers(app.db, requireCaller(request), request.query),
  );

  r.post(
    '/tenant/:t/members',
    {
      schema: {
        operationId: 'createMember',
        tags,
        summary: 'Invite a member',
        description: `Invites an e-mail address with a role (default member; owners are made by changing the role afterwards), attribute flags and an optional expiry. An existing account is added directly as active and told by e-mail; a new address gets an invitation link (valid 7 days) and shows as invited until accepted. ${scope}`,
        params: tenantParams,
        body: memberInviteBody,
        response: { 201: member.describe('The new member'), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config,
    },
    async (request, reply) => {
      const invited = await members.inviteMember(deps, site(request), requireCaller(request), request.body);
      return created(reply, `/tenant/${request.params.t}/members/${invited._id}`, invited);
    },
  );

  r.get(
    '/tenant/:t/members/:id',
    {
      schema: {
        operationId: 'getMember',
        tags,
        summary: 'A member',
        description: `The membership with the e-mail, groups and whether the account is still only invited. ${scope}`,
        params,
        response: { 200: member.describe('The member'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await members.getMember(app.db, requireCaller(request), request.params.id) }),
  );

  r.delete(
    '/tenant/:t/members/:id',
    {
      schema: {
        operationId: 'deleteMember',
        tags,
        summary: 'Remove a member',
        description: `Removes the membership (the account stays) and its group memberships; an open invitation link stops working. You cannot remove yourself, nor the last active owner. ${scope}`,
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request, reply) => {
      await members.removeMember(deps, requireCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/tenant/:t/members/:id/details',
    {
      schema: {
        operationId: 'updateMemberDetails',
        tags,
        summary: "Update a member's details",
        description: `First, middle and last name and tags; fields left out are unchanged, empty names are saved as null. ${scope}`,
        params,
        body: memberDetailsBody,
        response: { 200: member.describe('The member, changed'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await members.updateDetails(deps, requireCaller(request), request.params.id, request.body) }),
  );

  r.put(
    '/tenant/:t/members/:id/image',
    {
      schema: {
        operationId: 'updateMemberImage',
        tags,
        summary: "Set a member's image",
        description: `\`image\` is the id returned by POST image (or null to clear it). ${scope}`,
        params,
        body: memberImageBody,
        response: { 200: member.describe('The member, changed'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await members.updateImage(deps, requireCaller(request), request.params.id, request.body.image) }),
  );

  r.put(
    '/tenant/:t/members/:id/role',
    {
      schema: {
        operationId: 'updateMemberRole',
        tags,
        summary: "Change a member's role",
        description: `The last active owner cannot be demoted. ${scope}`,
        params,
        body: memberRoleBody,
        response: { 200: member.describe('The member, changed'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await members.updateRole(deps, requireCaller(request), request.params.id, request.body.role) }),
  );

  r.put(
    '/tenant/:t/members/:id/access',
    {
      schema: {
        operationId: 'updateMemberAccess',
        tags,
        summary: "Change a member's access",
        description: `Attribute flags (institution:manage, investment:make, marketplace:view; flags left out keep their value) and the expiry (null for none). ${scope}`,
        params,
        body: memberAccessBody,
        response: { 200: member.describe('The member, changed'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await members.updateAccess(deps, requireCaller(request), request.params.id, request.body) }),
  );

  r.put(
    '/tenant/:t/members/:id/membership-status',
    {
      schema: {
        operationId: 'updateMemberStatus',
        tags,
        summary: "Change a member's membership status",
        description: `The changes an admin may make:\n\n${transitionsText}\n\nAny other change is refused with 400. Invited, invite-rejected and requested members become active only by accepting the invitation or signing in themselves. Suspended and request-denied members lose access at once (their next call is refused) and a suspension ends their sessions here and signs their browsers out; a platform admin's status is kept as set but refuses them nothing, since the platform's operator reaches every organization as such, not as its member. You cannot change your own status, nor suspend the last active owner. ${scope}`,
        params,
        body: memberStatusBody,
        response: { 200: member.describe('The member, changed'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({
      data: await members.updateStatus(deps, requireCaller(request), request.params.id, request.body.membershipStatus),
    }),
  );

  r.post(
    '/tenant/:t/members/:id/resend-invite',
    {
      schema: {
        operationId: 'resendMemberInvite',
        tags,
        summary: 'Resend the invitation',
        description: `Only while the member is invited and has not finished signing up: e-mails a new single-use link (valid 7 days); earlier links stop working. ${scope}`,
        params,
        response: { 200: member.describe('The member, changed'), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => ({ data: await members.resendInvite(deps, site(request), requireCaller(request), request.params.id) }),
  );

  r.get(
    '/tenant/:t/members/:id/events',
    {
      schema: {
        operationId: 'listMemberEvents',
        tags,
        summary: "A member's history",
        description: `Timeline events of the membership, searchable, sortable, paginated. ${scope}`,
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the membership's events"), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => members.listMemberEvents(app.db, requireCaller(request), request.params.id, request.query),
  );

  r.get(
    '/tenant/:t/members/:id/groups',
    {
      schema: {
        operationId: 'listMemberGroups',
        tags,
        summary: "A member's groups",
        description: `The groups the member belongs to, with their member counts. ${scope}`,
        params,
        querystring: pageQuery,
        response: { 200: listOf(group).describe("A page of the member's groups"), ...errorResponses(400, 401, 403, 404) },
      },
      config,
    },
    async (request) => members.listMemberGroups(app.db, requireCaller(request), request.params.id, request.query),
  );

  // The member's own view of their membership (/user/tenant-member/{id}).
  const own = 'Only your own membership of this tenant; any other id gives 404.';
  r.get(
    '/tenant-member/:tenantMemberId',
    {
      schema: {
        operationId: 'getMyMembership',
        tags,
        summary: 'My membership',
        description: own,
        params: ownParams,
        response: { 200: dataOf(tenantMember).describe('Your membership'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await members.getOwnMembership(app.db, requireAuth(request), request.params.tenantMemberId) }),
  );

  r.get(
    '/tenant-member/:tenantMemberId/events',
    {
      schema: {
        operationId: 'listMyMembershipEvents',
        tags,
        summary: 'My membership activity',
        description: `Timeline events of the membership. ${own}`,
        params: ownParams,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the membership's events"), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => members.listOwnMembershipEvents(app.db, requireAuth(request), request.params.tenantMemberId, request.query),
  );

  r.get(
    '/tenant-member/:tenantMemberId/groups',
    {
      schema: {
        operationId: 'listMyMembershipGroups',
        tags,
        summary: 'My groups',
        description: `The groups the member can access: name, description, members count, created, updated. ${own}`,
        params: ownParams,
        querystring: pageQuery,
        response: { 200: listOf(group).describe('A page of your groups'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => members.listOwnMembershipGroups(app.db, requireAuth(request), request.params.tenantMemberId, request.query),
  );
}
