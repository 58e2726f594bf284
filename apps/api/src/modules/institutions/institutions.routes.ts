import {
  dataOf,
  institution,
  institutionContactBody,
  institutionCreateBody,
  institutionDeleted,
  institutionDetailsUpdateBody,
  institutionImagesBody,
  institutionListQuery,
  institutionSlugAvailabilityQuery,
  institutionVideosBody,
  listOf,
  objectId,
  RAISE_MODE_REFUSED,
  slugAvailabilityResult,
  teamInviteBody,
  teamListQuery,
  teamMember,
  teamMemberDeleted,
  teamRoleBody,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses, tenantParams } from '../../lib/route-schema.ts';
import { requireAuth, requireInstitutionReader } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import type { AuthDeps, CallSite } from '../auth/index.ts';
import * as team from './institution-team.service.ts';
import * as institutions from './institutions.service.ts';

const tags = ['Tenant institution'];
// Who may do what is decided per institution in the services (institution-access.ts), so every route is open to signed-in members here.
const signedIn: Access = 'signed-in';
const params = tenantParams.extend({ id: objectId });
const teamParams = params.extend({ memberId: objectId });

const scope = '`{t}` is the id or slug of the tenant of the address; any other gives 404, as does an institution of another tenant.';
const who = `Raise mode users only: the tenant's owners and platform admins on every institution of the tenant; members with the institution:manage flag on the institutions whose team they are on (any other is 404 to them). Everyone else gets 403 '${RAISE_MODE_REFUSED}'.`;
const editors = `${who} Team viewers may look but not change (403).`;
const ownersOnly = `Only the tenant's owners and platform admins (403 for the team's GPs). ${scope}`;
const ownerRole =
  "Only the team's owners, the tenant's owners and platform admins may give the owner role or change an owner's (403 for the team's members and editors).";

export async function institutionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AuthDeps = { db: app.db, tokens: app.tokens, mailer: app.mailer, clock: app.clock, config: app.config };
  const site = (request: FastifyRequest): CallSite => ({ tenant: requireTenant(request), origin: request.linkOrigin });
  const one = dataOf(institution);

  r.get(
    '/tenant/:t/institutions',
    {
      schema: {
        tags,
        summary: "A tenant's institutions",
        description: describe(
          `Searched by name (owners: by slug too), filtered by type, sorted and paginated (newest first by default), each with its offer count and whether you are on its team. \`isTeamMember=true\` lists only the institutions whose team you are on (the institution picker). Owners and platform admins see every institution; GPs only those of their teams. The slug is shown to owners and platform admins only (null for everyone else). ${scope} ${who}`,
          signedIn,
        ),
        params: tenantParams,
        querystring: institutionListQuery,
        response: { 200: listOf(institution), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => institutions.listInstitutions(app.db, requireAuth(request), request.query),
  );

  r.get(
    '/tenant/:t/institutions/slug-available',
    {
      schema: {
        tags,
        summary: 'Is an institution slug free?',
        description: describe(
          `Whether no other institution of the tenant uses \`slug\` (case-insensitively), ignoring the institution \`except\` (the one being edited). ${ownersOnly}`,
          signedIn,
        ),
        params: tenantParams,
        querystring: institutionSlugAvailabilityQuery,
        response: { 200: dataOf(slugAvailabilityResult), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.slugAvailability(app.db, requireAuth(request), request.query) }),
  );

  r.post(
    '/tenant/:t/institutions',
    {
      schema: {
        tags,
        summary: 'Create an institution',
        description: describe(
          `Name, slug (unique in the tenant, case-insensitively: a clash is 409), type (default fund) and short description (at most 360 characters). ${ownersOnly}`,
          signedIn,
        ),
        params: tenantParams,
        body: institutionCreateBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.createInstitution(app.db, requireAuth(request), request.body) }),
  );

  r.get(
    '/tenant/:t/institutions/:id',
    {
      schema: {
        tags,
        summary: 'An institution',
        description: describe(
          `${scope} ${who} The institution's own private API key may read it too (any other institution is 404 to it).`,
          signedIn,
        ),
        params,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, institutionKeys: true, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.getInstitution(app.db, requireInstitutionReader(request), request.params.id) }),
  );

  r.delete(
    '/tenant/:t/institutions/:id',
    {
      schema: {
        tags,
        summary: 'Delete an institution',
        description: describe(
          `Deletes the institution with its offers and its team memberships (the people stay members of the tenant). Irreversible. ${ownersOnly}`,
          signedIn,
        ),
        params,
        response: { 200: dataOf(institutionDeleted), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.deleteInstitution(app.db, requireAuth(request), request.params.id) }),
  );

  r.put(
    '/tenant/:t/institutions/:id/details',
    {
      schema: {
        tags,
        summary: "Update an institution's details",
        description: describe(
          `Name, type, short description (required), description (rich HTML, sanitised: scripts, styles, event handlers and unsafe links are removed) and custom metrics (renumbered from 0 in their order). The slug may be left out to keep it; only owners may change it, and it must stay unique (409). ${scope} ${editors}`,
          signedIn,
        ),
        params,
        body: institutionDetailsUpdateBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.updateDetails(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.put(
    '/tenant/:t/institutions/:id/images',
    {
      schema: {
        tags,
        summary: "Set an institution's images",
        description: describe(
          `The whole list, in order (positions renumbered from 0): each \`image\` is an id returned by POST image in this tenant; purpose logo, banner, gallery or other; hidden items stay but are not shown. The answer fills in each url. ${scope} ${editors}`,
          signedIn,
        ),
        params,
        body: institutionImagesBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.updateImages(app.db, requireAuth(request), request.params.id, request.body.images) }),
  );

  r.put(
    '/tenant/:t/institutions/:id/videos',
    {
      schema: {
        tags,
        summary: "Set an institution's videos",
        description: describe(
          `The whole list, in order (positions renumbered from 0): http(s) URLs with purpose intro, about (default), team or other. ${scope} ${editors}`,
          signedIn,
        ),
        params,
        body: institutionVideosBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.updateVideos(app.db, requireAuth(request), request.params.id, request.body.videos) }),
  );

  r.put(
    '/tenant/:t/institutions/:id/contact',
    {
      schema: {
        tags,
        summary: "Set an institution's contact",
        description: describe(`Addresses, e-mails, phones, faxes and links, as for profiles. ${scope} ${editors}`, signedIn),
        params,
        body: institutionContactBody,
        response: { 200: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await institutions.updateContact(app.db, requireAuth(request), request.params.id, request.body.contact) }),
  );

  r.get(
    '/tenant/:t/institutions/:id/events',
    {
      schema: {
        tags,
        summary: "An institution's history",
        description: describe(
          `Timeline events of the institution, team changes included: searchable, sortable, paginated. ${scope} ${who}`,
          signedIn,
        ),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => institutions.listEvents(app.db, requireAuth(request), request.params.id, request.query),
  );

  // The team: role_assignments of the institution.
  r.get(
    '/tenant/:t/institutions/:id/team',
    {
      schema: {
        tags,
        summary: "An institution's team",
        description: describe(
          `The people on the team with e-mail, names, team role, status (invited until they set up their account) and expiry, newest first, paginated. ${scope} ${who}`,
          signedIn,
        ),
        params,
        querystring: teamListQuery,
        response: { 200: listOf(teamMember), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => team.listTeam(app.db, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    '/tenant/:t/institutions/:id/team/invite',
    {
      schema: {
        tags,
        summary: 'Invite a team member',
        description: describe(
          `An e-mail with first and last name, a team role (default member) and an optional expiry (null for none). An existing account is added at once and told by e-mail; a new address gets an invitation link (valid 7 days) and shows as invited until accepted. The person becomes a member of the tenant if they are not one (member, with the institution:manage flag), and an existing member gets that flag. Someone already on the team is 409. ${ownerRole} ${scope} ${editors}`,
          signedIn,
        ),
        params,
        body: teamInviteBody,
        response: { 200: dataOf(teamMember), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await team.inviteTeamMember(deps, site(request), requireAuth(request), request.params.id, request.body) }),
  );

  r.post(
    '/tenant/:t/institutions/:id/team/:memberId/resend-invite',
    {
      schema: {
        tags,
        summary: 'Resend a team invitation',
        description: describe(
          `Only while the person has not set up their account: e-mails a new single-use link (valid 7 days); earlier links stop working. ${scope} ${editors}`,
          signedIn,
        ),
        params: teamParams,
        response: { 200: dataOf(teamMember), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({
      data: await team.resendTeamInvite(deps, site(request), requireAuth(request), request.params.id, request.params.memberId),
    }),
  );

  r.put(
    '/tenant/:t/institutions/:id/team/:memberId/role',
    {
      schema: {
        tags,
        summary: "Change a team member's role",
        description: describe(
          `owner, member, editor or viewer. ${ownerRole} Demoting the team's last unexpired owner is 409. ${scope} ${editors}`,
          signedIn,
        ),
        params: teamParams,
        body: teamRoleBody,
        response: { 200: dataOf(teamMember), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({
      data: await team.updateTeamRole(app.db, requireAuth(request), request.params.id, request.params.memberId, request.body.role),
    }),
  );

  r.delete(
    '/tenant/:t/institutions/:id/team/:memberId',
    {
      schema: {
        tags,
        summary: 'Remove a team member',
        description: describe(
          `Irreversible: the person leaves the team (they stay a member of the tenant). Removing an owner needs one of the team's owners (or a tenant owner); removing the team's last unexpired owner is 409. ${scope} ${editors}`,
          signedIn,
        ),
        params: teamParams,
        response: { 200: dataOf(teamMemberDeleted), ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await team.removeTeamMember(app.db, requireAuth(request), request.params.id, request.params.memberId) }),
  );
}
