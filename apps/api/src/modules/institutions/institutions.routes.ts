import {
  dataOf,
  institution,
  institutionContactBody,
  institutionCreateBody,
  institutionDetailsUpdateBody,
  institutionImagesBody,
  institutionListQuery,
  institutionSlugAvailabilityQuery,
  institutionVideosBody,
  listOf,
  slugAvailabilityResult,
  teamInviteBody,
  teamListQuery,
  teamMember,
  teamRoleBody,
  timelineEvent,
  timelineQuery,
  IMAGE_WIDTHS,
  MARKETPLACE_LOGO_COPY_WIDTH,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, idParams, noContent, tenantParams } from '../../lib/route-schema.ts';
import { requireAnyCaller, requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import type { AuthDeps, CallSite } from '../auth/index.ts';
import { prepareImageCopies, signImageUrlsInAnswers } from '../images/index.ts';
import { OWNERS_ONLY_NOTE, RAISE_MODE_NOTE } from './institution-access.ts';
import * as team from './institution-team.service.ts';
import * as institutions from './institutions.service.ts';

const tags = ['Tenant institution'];
// Who may work on which institution is decided in the services (institution-access.ts), with their own refusals
// (RAISE_MODE_REFUSED, 'Only the organization owners can …'), so each route declares signed-in and notes the rest.
const signedIn: Access = 'signed-in';
const raise = { access: signedIn, accessNote: RAISE_MODE_NOTE, tenantParam: 't' } as const;
const ownersOnly = { ...raise, accessNote: OWNERS_ONLY_NOTE } as const;
const params = tenantParams.extend(idParams('institution').shape);
const teamParams = params.extend({ memberId: idParams('team membership').shape.id });

const scope = '`{t}` is the id or slug of the tenant of the address; any other gives 404, as does an institution of another tenant.';
const who =
  "The tenant's owners and platform admins work on every institution of the tenant; members with the institution:manage flag on the institutions whose team they are on (any other is 404 to them).";
const editors = `${who} Team viewers may look but not change (403).`;
const ownerRole =
  "Only the team's owners, the tenant's owners and platform admins may give the owner role or change an owner's (403 for the team's members and editors).";

export async function institutionsRoutes(app: FastifyInstance) {
  // Logos and images are shown in <img>, which cannot send the bearer token (issue #17).
  signImageUrlsInAnswers(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: AuthDeps = { db: app.db, tokens: app.tokens, mailer: app.mailer, clock: app.clock, config: app.config };
  const site = (request: FastifyRequest): CallSite => ({ tenant: requireTenant(request), origin: request.linkOrigin });
  const one = dataOf(institution).describe('The institution');
  const member = dataOf(teamMember).describe('The team member');
  const errors = errorResponses(400, 401, 403, 404);
  const errorsOr409 = errorResponses(400, 401, 403, 404, 409);

  r.get(
    '/tenant/:t/institutions',
    {
      schema: {
        operationId: 'listInstitutions',
        tags,
        summary: "A tenant's institutions",
        description: `Searched by name (owners: by slug too), filtered by type, sorted and paginated (newest first by default), each with its offer count and whether you are on its team. \`isTeamMember=true\` lists only the institutions whose team you are on (the institution picker). Owners and platform admins see every institution; GPs only those of their teams. The slug is shown to owners and platform admins only (null for everyone else). ${scope}`,
        params: tenantParams,
        querystring: institutionListQuery,
        response: { 200: listOf(institution).describe('A page of institutions'), ...errors },
      },
      config: raise,
    },
    async (request) => institutions.listInstitutions(app.db, requireAuth(request), request.query),
  );

  r.get(
    '/tenant/:t/institutions/slug-available',
    {
      schema: {
        operationId: 'checkInstitutionSlug',
        tags,
        summary: 'Is an institution slug free?',
        description: `Whether no other institution of the tenant uses \`slug\` (case-insensitively), ignoring the institution \`except\` (the one being edited). ${scope}`,
        params: tenantParams,
        querystring: institutionSlugAvailabilityQuery,
        response: { 200: dataOf(slugAvailabilityResult).describe('Whether the slug is free'), ...errors },
      },
      config: ownersOnly,
    },
    async (request) => ({ data: await institutions.slugAvailability(app.db, requireAuth(request), request.query) }),
  );

  r.post(
    '/tenant/:t/institutions',
    {
      schema: {
        operationId: 'createInstitution',
        tags,
        summary: 'Create an institution',
        description: `Name, slug (unique in the tenant, case-insensitively: a clash is 409), type (default fund) and short description (at most 360 characters). The creator, when a member of the tenant, joins its team as owner. Answers 201 with the institution and its path in \`Location\`. ${scope}`,
        params: tenantParams,
        body: institutionCreateBody,
        response: { 201: dataOf(institution).describe('The new institution'), ...errorsOr409 },
      },
      config: ownersOnly,
    },
    async (request, reply) => {
      const made = await institutions.createInstitution(app.db, requireAuth(request), request.body);
      return created(reply, `/tenant/${request.params.t}/institutions/${made._id}`, made);
    },
  );

  r.get(
    '/tenant/:t/institutions/:id',
    {
      schema: {
        operationId: 'getInstitution',
        tags,
        summary: 'An institution',
        description: `Its details, media, contact, logo, offer count and whether you are on its team. ${who} ${scope}`,
        params,
        response: { 200: one, ...errors },
      },
      config: { ...raise, apiKeys: true, institutionKeys: true, keyResource: 'institutions' },
    },
    async (request) => ({ data: await institutions.getInstitution(app.db, requireAnyCaller(request), request.params.id) }),
  );

  r.delete(
    '/tenant/:t/institutions/:id',
    {
      schema: {
        operationId: 'deleteInstitution',
        tags,
        summary: 'Delete an institution',
        description: `Deletes the institution with its offers and its team memberships (the people stay members of the tenant). Irreversible. ${scope}`,
        params,
        response: { ...noContent, ...errors },
      },
      config: ownersOnly,
    },
    async (request, reply) => {
      await institutions.deleteInstitution(app.db, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/tenant/:t/institutions/:id/details',
    {
      schema: {
        operationId: 'updateInstitutionDetails',
        tags,
        summary: "Update an institution's details",
        description: `Name, type, short description (required), description (rich HTML, sanitised: scripts, styles, event handlers and unsafe links are removed) and custom metrics (renumbered from 0 in their order). The slug may be left out to keep it; only owners may change it, and it must stay unique (409). ${scope} ${editors}`,
        params,
        body: institutionDetailsUpdateBody,
        response: { 200: one, ...errorsOr409 },
      },
      config: raise,
    },
    async (request) => ({ data: await institutions.updateDetails(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.put(
    '/tenant/:t/institutions/:id/images',
    {
      schema: {
        operationId: 'updateInstitutionImages',
        tags,
        summary: "Set an institution's images",
        description: `The whole list, in order (positions renumbered from 0): each \`image\` is an id returned by POST image in this tenant; purpose logo, banner, gallery or other; hidden items stay but are not shown. The answer fills in each url. Once answered, the server makes the narrower copies (\`?w=\`) the marketplace shows of the shown images (a logo's one, a banner's every width), so their first visitors do not wait for them. ${scope} ${editors}`,
        params,
        body: institutionImagesBody,
        response: { 200: one, ...errors },
      },
      config: raise,
    },
    async (request) => {
      const auth = requireAuth(request);
      const answer = await institutions.updateImages(app.db, auth, request.params.id, request.body.images);
      // The copies the marketplace shows (a logo's one 320 px copy, a banner's srcset), made now rather than on its first
      // visitors' asks.
      const shown = answer.images
        .filter((item) => !item.hidden)
        .map((item) => ({ image: item.image, widths: item.purpose === 'logo' ? [MARKETPLACE_LOGO_COPY_WIDTH] : IMAGE_WIDTHS }));
      app.afterReply(request, () => prepareImageCopies({ db: app.db, storage: app.storage, log: request.log }, auth.tenantId, shown));
      return { data: answer };
    },
  );

  r.put(
    '/tenant/:t/institutions/:id/videos',
    {
      schema: {
        operationId: 'updateInstitutionVideos',
        tags,
        summary: "Set an institution's videos",
        description: `The whole list, in order (positions renumbered from 0): http(s) URLs with purpose intro, about (default), team or other. ${scope} ${editors}`,
        params,
        body: institutionVideosBody,
        response: { 200: one, ...errors },
      },
      config: raise,
    },
    async (request) => ({ data: await institutions.updateVideos(app.db, requireAuth(request), request.params.id, request.body.videos) }),
  );

  r.put(
    '/tenant/:t/institutions/:id/contact',
    {
      schema: {
        operationId: 'updateInstitutionContact',
        tags,
        summary: "Set an institution's contact",
        description: `Addresses, e-mails, phones, faxes and links, as for profiles. ${scope} ${editors}`,
        params,
        body: institutionContactBody,
        response: { 200: one, ...errors },
      },
      config: raise,
    },
    async (request) => ({ data: await institutions.updateContact(app.db, requireAuth(request), request.params.id, request.body.contact) }),
  );

  r.get(
    '/tenant/:t/institutions/:id/events',
    {
      schema: {
        operationId: 'listInstitutionEvents',
        tags,
        summary: "An institution's history",
        description: `Timeline events of the institution, team changes included: searchable, sortable, paginated. ${scope} ${who}`,
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the institution's events"), ...errors },
      },
      config: raise,
    },
    async (request) => institutions.listEvents(app.db, requireAuth(request), request.params.id, request.query),
  );

  // The team: role_assignments of the institution.
  r.get(
    '/tenant/:t/institutions/:id/team',
    {
      schema: {
        operationId: 'listInstitutionTeam',
        tags,
        summary: "An institution's team",
        description: `The people on the team with e-mail, names, team role, status (invited until they set up their account) and expiry, newest first, paginated. ${scope} ${who}`,
        params,
        querystring: teamListQuery,
        response: { 200: listOf(teamMember).describe('A page of the team'), ...errors },
      },
      config: raise,
    },
    async (request) => team.listTeam(app.db, requireAuth(request), request.params.id, request.query),
  );

  r.post(
    '/tenant/:t/institutions/:id/team/invite',
    {
      schema: {
        operationId: 'inviteInstitutionTeamMember',
        tags,
        summary: 'Invite a team member',
        description: `An e-mail with first and last name, a team role (default member) and an optional expiry (null for none). An existing account is added at once and told by e-mail; a new address gets an invitation link (valid 7 days) and shows as invited until accepted. The person becomes a member of the tenant if they are not one (member, with the institution:manage flag), and an existing member gets that flag. Someone already on the team is 409. Answers 201 with the team membership and its path (\`…/team/{memberId}\`) in \`Location\`. ${ownerRole} ${scope} ${editors}`,
        params,
        body: teamInviteBody,
        response: { 201: dataOf(teamMember).describe('The new team membership'), ...errorsOr409 },
      },
      config: raise,
    },
    async (request, reply) => {
      const { t, id } = request.params;
      const made = await team.inviteTeamMember(deps, site(request), requireAuth(request), id, request.body);
      return created(reply, `/tenant/${t}/institutions/${id}/team/${made._id}`, made);
    },
  );

  r.post(
    '/tenant/:t/institutions/:id/team/:memberId/resend-invite',
    {
      schema: {
        operationId: 'resendInstitutionTeamInvite',
        tags,
        summary: 'Resend a team invitation',
        description: `Only while the person has not set up their account: e-mails a new single-use link (valid 7 days); earlier links stop working. ${scope} ${editors}`,
        params: teamParams,
        response: { 200: member, ...errors },
      },
      config: raise,
    },
    async (request) => ({
      data: await team.resendTeamInvite(deps, site(request), requireAuth(request), request.params.id, request.params.memberId),
    }),
  );

  r.put(
    '/tenant/:t/institutions/:id/team/:memberId/role',
    {
      schema: {
        operationId: 'updateInstitutionTeamMemberRole',
        tags,
        summary: "Change a team member's role",
        description: `owner, member, editor or viewer. ${ownerRole} Demoting the team's last unexpired owner is 409. ${scope} ${editors}`,
        params: teamParams,
        body: teamRoleBody,
        response: { 200: member, ...errorsOr409 },
      },
      config: raise,
    },
    async (request) => ({
      data: await team.updateTeamRole(app.db, requireAuth(request), request.params.id, request.params.memberId, request.body.role),
    }),
  );

  r.delete(
    '/tenant/:t/institutions/:id/team/:memberId',
    {
      schema: {
        operationId: 'removeInstitutionTeamMember',
        tags,
        summary: 'Remove a team member',
        description: `Irreversible: the person leaves the team (they stay a member of the tenant). Removing an owner needs one of the team's owners (or a tenant owner); removing the team's last unexpired owner is 409. ${scope} ${editors}`,
        params: teamParams,
        response: { ...noContent, ...errorsOr409 },
      },
      config: raise,
    },
    async (request, reply) => {
      await team.removeTeamMember(app.db, requireAuth(request), request.params.id, request.params.memberId);
      return reply.status(204).send(null);
    },
  );
}
