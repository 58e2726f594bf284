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
  userDeleted,
  userExport,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { buildExport } from './users.export.ts';
import * as users from './users.service.ts';
import { sendImage } from '../../lib/image-reply.ts';

const tags = ['User'];
const params = z.object({ id: objectId });
const imageParams = z.object({ id: objectId, imageId: objectId });
const signedIn: Access = 'signed-in';
const admins: Access = 'platform-admin';
const self = 'A user reads and changes only their own account (platform admins any member of this tenant).';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: users.UserDeps = { db: app.db, storage: app.storage, clock: app.clock };

  r.get(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'Get a user',
        description: describe(self, signedIn),
        params,
        response: { 200: dataOf(user), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await users.getUser(app.db, requireAuth(request), request.params.id) }),
  );

  r.put(
    '/user/:id',
    {
      schema: {
        tags,
        summary: 'Update the account',
        description: describe(
          `Names, phone, address and display preferences. Fields left out are unchanged; empty values are saved as null. In the US (the default country) the zip is 5 digits. ${self}`,
          signedIn,
        ),
        params,
        body: accountUpdateBody,
        response: { 200: dataOf(user), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await users.updateAccount(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.put(
    '/user/:id/notifications',
    {
      schema: {
        tags,
        summary: 'Update notification preferences',
        description: describe(`Turns notification categories on or off; categories left out keep their setting. ${self}`, signedIn),
        params,
        body: notificationsUpdateBody,
        response: { 200: dataOf(user), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
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
        summary: 'Upload the profile image',
        description: describe(
          `multipart/form-data with the image in the field \`file\` (png, jpeg, gif or webp, checked by content; at most UPLOAD_MAX_MB). The previous image is deleted. ${self}`,
          signedIn,
        ),
        params,
        consumes: ['multipart/form-data'],
        response: { 200: dataOf(user), ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: { access: signedIn },
    },
    async (request) => {
      const { files } = await readMultipart(request);
      return { data: await users.updateImage(deps, requireAuth(request), request.params.id, requireFile(files)) };
    },
  );

  r.get(
    '/user/:id/image/:imageId',
    {
      schema: {
        tags,
        summary: 'A profile image',
        description: describe('The image bytes, for members of the tenant it was uploaded in.', signedIn),
        params: imageParams,
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: z.unknown().describe('The image bytes'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
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
        summary: "A user's activity",
        description: describe(`Timeline events by or about the user in this tenant, searchable and sortable, paginated. ${self}`, signedIn),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => users.listUserEvents(app.db, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/user/:id/export',
    {
      schema: {
        tags,
        summary: 'Export my data',
        description: describe(
          'Everything the platform holds on the signed-in user in this tenant, as a JSON file download (the document itself, not wrapped in `data`): account, membership, timeline, profiles, accounts, IDs, businesses, documents and images uploaded (metadata and urls, no file bytes) and access grants held or given. Only the owner may export; sensitive values are included in full since the owner could reveal them.',
          signedIn,
        ),
        params,
        response: { 200: userExport, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
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
        summary: 'People to share with',
        description: describe(
          'The active and invited members of this tenant the user can share a resource with (themself left out), with id, display name and e-mail, ordered by e-mail. `search` (more than 2 characters) matches names and e-mail. Only the user themself may ask; anyone else gets 404.',
          signedIn,
        ),
        params,
        querystring: shareEntityOptionsQuery,
        response: { 200: listOf(shareEntityOption), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => users.listShareEntityOptions(app.db, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    '/user/:id/tenant-member',
    {
      schema: {
        tags,
        summary: "The user's membership",
        description: describe("The user's membership of a tenant (this tenant by default).", signedIn),
        params,
        querystring: z.object({ tenantId: objectId.optional() }),
        response: { 200: dataOf(tenantMember.nullable()), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await users.getOwnMembership(app.db, requireAuth(request), request.params.id, request.query.tenantId) }),
  );

  r.put(
    '/user/:id/tenant-member/preferences',
    {
      schema: {
        tags,
        summary: 'Set default preferences',
        description: describe(
          `'Set as default': stores the theme mode and time and date formats on the membership of this tenant. ${self}`,
          signedIn,
        ),
        params,
        body: memberPreferencesBody,
        response: { 200: dataOf(tenantMember), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn },
    },
    async (request) => ({ data: await users.updateMemberPreferences(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  const archiveSchema = (summary: string, text: string) => ({
    tags,
    summary,
    description: describe(text, admins),
    params,
    response: { 200: dataOf(adminUser), ...errorResponses(400, 401, 403, 404) },
  });
  r.post(
    '/user/:id/archive',
    {
      schema: archiveSchema('Archive a user', 'The user can no longer sign in and their sessions end, until un-archived.'),
      config: { access: admins },
    },
    async (request) => ({ data: await users.setArchived(deps, requireAuth(request), request.params.id, true) }),
  );

  for (const path of ['/user/:id/unarchive', '/user/:id/un-archive']) {
    r.post(
      path,
      {
        schema: archiveSchema('Un-archive a user', 'The user can sign in again.'),
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
        summary: 'Delete a user',
        description: describe('Deletes the account and every membership, after recording the event.', admins),
        params,
        response: { 200: dataOf(userDeleted), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: admins },
    },
    async (request) => ({ data: await users.deleteUser(deps, requireAuth(request), request.params.id) }),
  );
}
