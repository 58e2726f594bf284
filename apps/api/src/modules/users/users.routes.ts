import {
  accountUpdateBody,
  adminUser,
  dataOf,
  exportFileName,
  listOf,
  memberPreferencesBody,
  notificationsUpdateBody,
  objectId,
  shareEntityOption,
  shareEntityOptionsQuery,
  tenantMember,
  timelineEvent,
  timelineQuery,
  user,
  userExport,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { parseForm, readMultipart, requireFile } from '../../lib/multipart.ts';
import { errorResponses, idParams, imageBytesResponses, multipartForm, noContent } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { teamTenantsOfUserUnscoped } from '../institutions/index.ts';
import { buildExport } from './users.export.ts';
import * as users from './users.service.ts';
import { sendImage } from '../../lib/image-reply.ts';

const tags = ['User'];
const params = idParams('user');
const imageParams = params.extend({ imageId: objectId.describe("The image's id, from the user's `image` url") });
const signedIn: Access = 'signed-in';
const admins: Access = 'platform-admin';
const self = 'Only the user themself, or a platform admin for any member of this tenant; anyone else gets 404.';
const onlyThemself = 'Only the user themself; anyone else gets 404.';
const userData = dataOf(user).describe('The user');
/** The profile image form: no text fields, the image in `file`. */
const imageForm = z.object({});
/** What the marketplaces show of a team member's account (marketplace listPublicTeam): names, not phone or address. */
const PUBLIC_ACCOUNT_FIELDS = new Set(['firstname', 'lastname', 'displayname']);

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: users.UserDeps = { db: app.db, storage: app.storage, clock: app.clock };
  /**
   * The public cache of every tenant whose marketplace shows this person (on an institution's team there), not only
   * the request's: an account is global. Call after the change is committed.
   */
  const refreshMarketplacesShowing = async (tenantIds: readonly string[]) =>
    Promise.all(tenantIds.map((tenantId) => app.publicCache.bump(tenantId)));

  r.get(
    '/user/:id',
    {
      schema: {
        tags,
        operationId: 'getUser',
        summary: 'Get a user',
        description: 'The account: names, contact, address, display preferences and onboarding state.',
        params,
        response: { 200: userData, ...errorResponses(400, 401, 403, 404) },
      },
      // The web app loads the account with it, also while a second factor is still to be set up.
      config: { access: signedIn, accessNote: self, mfaSetup: true },
    },
    async (request) => ({ data: await users.getUser(app.db, requireAuth(request), request.params.id) }),
  );

  r.put(
    '/user/:id',
    {
      schema: {
        tags,
        operationId: 'updateUser',
        summary: 'Update the account',
        description:
          'Names, phone, address and display preferences. Fields left out are unchanged; empty values are saved as null. In the US (the default country) the zip is 5 digits.',
        params,
        body: accountUpdateBody,
        response: { 200: userData, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: self },
    },
    async (request) => {
      const { user: data, changed } = await users.updateAccount(app.db, requireAuth(request), request.params.id, request.body);
      // Marketplaces show people only by name, as members of an institution's team: only a name change reaches them,
      // and it reaches every tenant whose team they are on; any other edit leaves every marketplace cached.
      request.keepsPublicAnswers = true;
      if (changed.some((field) => PUBLIC_ACCOUNT_FIELDS.has(field)))
        await refreshMarketplacesShowing(await teamTenantsOfUserUnscoped(app.db, request.params.id, app.clock.now()));
      return { data };
    },
  );

  r.put(
    '/user/:id/notifications',
    {
      schema: {
        tags,
        operationId: 'updateUserNotifications',
        summary: 'Update notification preferences',
        description: 'Turns notification categories on or off; categories left out keep their setting.',
        params,
        body: notificationsUpdateBody,
        response: { 200: userData, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: self },
    },
    async (request) => ({
      data: await users.updateNotifications(app.db, requireAuth(request), request.params.id, request.body.notificationPreferences),
    }),
  );

  r.put(
    '/user/:id/image',
    {
      schema: {
        tags,
        operationId: 'uploadUserImage',
        summary: 'Upload the profile image',
        description:
          'multipart/form-data with the image in the field `file` (png, jpeg, gif or webp, checked by content; at most UPLOAD_MAX_MB). The previous image is deleted.',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: userData, ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: {
        access: signedIn,
        accessNote: self,
        multipartBody: multipartForm(imageForm, {
          file: 'A PNG, JPEG, GIF or WebP image (checked by content), at most UPLOAD_MAX_MB (413)',
        }),
      },
    },
    async (request) => {
      const { fields, files } = await readMultipart(request);
      parseForm(imageForm, fields);
      return { data: await users.updateImage(deps, requireAuth(request), request.params.id, requireFile(files)) };
    },
  );

  r.get(
    '/user/:id/image/:imageId',
    {
      schema: {
        tags,
        operationId: 'getUserImage',
        summary: 'A profile image',
        description: 'The image bytes, for members of the tenant it was uploaded in.',
        params: imageParams,
        response: imageBytesResponses(),
      },
      // The top bar's avatar.
      config: { access: signedIn, mfaSetup: true },
    },
    async (request, reply) => {
      const file = await users.readImage(deps, requireAuth(request), request.params.id, request.params.imageId);
      return sendImage(reply, file, 'no-store');
    },
  );

  r.get(
    '/user/:id/events',
    {
      schema: {
        tags,
        operationId: 'listUserEvents',
        summary: "A user's activity",
        description: 'Timeline events by or about the user in this tenant, searchable and sortable, paginated.',
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe("A page of the user's timeline events"), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: self },
    },
    async (request) => users.listUserEvents(app.db, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/user/:id/export',
    {
      schema: {
        tags,
        operationId: 'exportUser',
        summary: 'Export my data',
        description:
          'Everything the platform holds on the signed-in user in this tenant, as a JSON file download (the document itself, not wrapped in `data`): account, membership, timeline, profiles, accounts, IDs, businesses, documents and images uploaded (metadata and urls, no file bytes) and access grants held or given. Sensitive values are included in full since the owner could reveal them.',
        params,
        response: {
          200: userExport.describe('The export, sent as an attachment (Content-Disposition)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request, reply) => {
      const document = await buildExport(
        { db: app.db, cipher: app.cipher, clock: app.clock },
        requireAuth(request),
        requireTenant(request),
        request.params.id,
      );
      void reply
        .header('Content-Disposition', `attachment; filename="${exportFileName(new Date(document.exportedAt))}"`)
        .header('Cache-Control', 'no-store');
      return document;
    },
  );

  r.get(
    '/user/:id/share-entity-options',
    {
      schema: {
        tags,
        operationId: 'listShareEntityOptions',
        summary: 'People to share with',
        description:
          "The people the user already shares or works with, whom they can share a resource with: active members on either side of their document grants, owners of their businesses and the teams of their institutions (the tenant's owners: every active member), themself left out, with id, display name and e-mail, ordered by e-mail. `search` (more than 2 characters) matches names and e-mail. Anyone else is shared with by e-mail, which invites them.",
        params,
        querystring: shareEntityOptionsQuery,
        response: { 200: listOf(shareEntityOption).describe('A page of members to share with'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: onlyThemself },
    },
    async (request) => users.listShareEntityOptions(app.db, app.clock, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/user/:id/tenant-member',
    {
      schema: {
        tags,
        operationId: 'getUserMembership',
        summary: "The user's membership",
        description: "The user's membership of a tenant (this tenant by default).",
        params,
        querystring: z.object({
          tenantId: objectId.optional().describe("The tenant's id; only this address's tenant is visible (another is 404)"),
        }),
        response: {
          200: dataOf(tenantMember.nullable()).describe('The membership, or null when the user is not a member'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
      config: { access: signedIn, accessNote: self, mfaSetup: true },
    },
    async (request) => ({ data: await users.getOwnMembership(app.db, requireAuth(request), request.params.id, request.query.tenantId) }),
  );

  r.put(
    '/user/:id/tenant-member/preferences',
    {
      schema: {
        tags,
        operationId: 'updateUserMemberPreferences',
        summary: 'Set default preferences',
        description: "'Set as default': stores the theme mode and time and date formats on the membership of this tenant.",
        params,
        body: memberPreferencesBody,
        response: { 200: dataOf(tenantMember).describe('The membership with its new preferences'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, accessNote: self },
    },
    async (request) => ({ data: await users.updateMemberPreferences(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  const archiveSchema = (operationId: string, summary: string, text: string) => ({
    tags,
    operationId,
    summary,
    description: text,
    params,
    response: { 200: dataOf(adminUser).describe('The user, with when they were archived'), ...errorResponses(400, 401, 403, 404) },
  });
  r.post(
    '/user/:id/archive',
    {
      schema: archiveSchema('archiveUser', 'Archive a user', 'The user can no longer sign in and their sessions end, until un-archived.'),
      config: { access: admins },
    },
    async (request) => ({ data: await users.setArchived(deps, requireAuth(request), request.params.id, true) }),
  );

  for (const [path, operationId, also] of [
    ['/user/:id/unarchive', 'unarchiveUser', ''],
    ['/user/:id/un-archive', 'unArchiveUser', ' The same as POST user/{id}/unarchive, under the spelling of the specification.'],
  ] as const) {
    r.post(
      path,
      {
        schema: archiveSchema(operationId, 'Un-archive a user', `The user can sign in again.${also}`),
        config: { access: admins },
      },
      async (request) => ({ data: await users.setArchived(deps, requireAuth(request), request.params.id, false) }),
    );
  }

  r.delete(
    '/user/:id',
    {
      schema: {
        tags,
        operationId: 'deleteUser',
        summary: 'Delete a user',
        description: 'Deletes the account and every membership, after recording the event.',
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: admins },
    },
    async (request, reply) => {
      // Their teams go with the account: the marketplaces that showed them, read before they are gone.
      const shownOn = await teamTenantsOfUserUnscoped(app.db, request.params.id, app.clock.now());
      await users.deleteUser(deps, requireAuth(request), request.params.id);
      await refreshMarketplacesShowing(shownOn);
      return reply.status(204).send(null);
    },
  );
}
