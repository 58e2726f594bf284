import {
  dataOf,
  deletedResult,
  legalEntityAssociation,
  legalEntityProfile,
  legalEntityProfileContactBody,
  legalEntityProfileCreateBody,
  legalEntityProfileDetailsBody,
  legalEntityProfileFinancialAccountsBody,
  legalEntityProfileLegalBody,
  legalEntityProfileOwnerBody,
  legalEntityProfileQuery,
  legalEntityProfileVerificationBody,
  listOf,
  objectId,
  stakeholder,
  stakeholderBody,
  timelineEvent,
  timelineQuery,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { describe, errorResponses, IMAGE_UPLOAD_TEXT, imageBytesResponses } from '../../lib/route-schema.ts';
import { sendProfileImage } from '../../lib/image-reply.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import * as service from './legal-entity-profiles.service.ts';

const tags = ['Legal entity profile'];
const access: Access = 'signed-in';
const params = z.object({ id: objectId });
const stakeholderParams = z.object({ id: objectId, stakeholderId: objectId });
const profileResponse = { 200: dataOf(legalEntityProfile), ...errorResponses(400, 401, 403, 404) };
const ownerOnly = "Only the profile's owner; anyone else's profile is not found.";
const ownerOrAdmin = "The profile's owner (platform admins may read any profile of their tenant); anyone else's profile is not found.";

export async function legalEntityProfilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/legal-entity-profile';

  r.get(
    base,
    {
      schema: {
        tags,
        summary: "The caller's legal entity profiles",
        description: describe(
          'Newest first, searchable by name. The owner filter may only name the caller (platform admins: anyone, or everyone when left out).',
          access,
        ),
        querystring: legalEntityProfileQuery,
        response: { 200: listOf(legalEntityProfile), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => service.listProfiles(app.db, requireAuth(request), request.query),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a legal entity profile',
        description: describe(
          'Needs a name, a legal entity type and the accepted terms. The owner, when sent, must be the caller; the parent must be one of their entities.',
          access,
        ),
        body: legalEntityProfileCreateBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.createProfile(app.db, requireAuth(request), request.body) }),
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Get a legal entity profile',
        description: describe(ownerOrAdmin, access),
        params,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.getProfile(app.db, requireAuth(request), request.params.id) }),
  );

  const detailsText = `${ownerOnly} Absent fields stay as they are; empty optional values are stored as null. The state of organization must be a US state when the country is US; the parent one of the owner's other entities.`;
  // The plain PUT and /details take the same body and do the same.
  for (const [path, summary, text] of [
    [`${base}/:id`, 'Update a legal entity profile', `${detailsText} Same body as /details.`],
    [`${base}/:id/details`, 'Update the details', detailsText],
  ] as const) {
    r.put(
      path,
      {
        schema: {
          tags,
          summary,
          description: describe(text, access),
          params,
          body: legalEntityProfileDetailsBody,
          response: profileResponse,
        },
        config: { access },
      },
      async (request) => ({ data: await service.updateDetails(app.db, requireAuth(request), request.params.id, request.body) }),
    );
  }

  r.put(
    `${base}/:id/legal`,
    {
      schema: {
        tags,
        summary: 'Update the legal (organisation) fields',
        description: describe(`${ownerOnly} Nature of business, country and state of organization.`, access),
        params,
        body: legalEntityProfileLegalBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({
      data: await service.updateDetails(app.db, requireAuth(request), request.params.id, request.body, 'legal details'),
    }),
  );

  r.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete a legal entity profile',
        description: describe(`${ownerOnly} Its stakeholders and image go with it; child entities lose their parent link.`, access),
        params,
        response: { 200: dataOf(deletedResult), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => {
      await service.deleteProfile(app.db, app.storage, requireAuth(request), request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  r.put(
    `${base}/:id/contact`,
    {
      schema: {
        tags,
        summary: 'Replace the contact',
        description: describe(`${ownerOnly} Addresses, emails, phones, faxes and links; at most one primary per kind.`, access),
        params,
        body: legalEntityProfileContactBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.updateContact(app.db, requireAuth(request), request.params.id, request.body.contact) }),
  );

  r.put(
    `${base}/:id/media`,
    {
      schema: {
        tags,
        summary: "Upload the entity's image",
        description: describe(`${ownerOnly} ${IMAGE_UPLOAD_TEXT}`, access),
        params,
        consumes: ['multipart/form-data'],
        response: { ...profileResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: { access },
    },
    async (request) => {
      const { files } = await readMultipart(request);
      return { data: await service.updateImage(app.db, app.storage, requireAuth(request), request.params.id, requireFile(files, 'file')) };
    },
  );

  r.get(
    `${base}/:id/media/:imageId`,
    {
      schema: {
        tags,
        summary: "The entity's image",
        description: describe(`${ownerOrAdmin} The image bytes (the id is the profile's current image).`, access),
        params: z.object({ id: objectId, imageId: objectId }),
        response: imageBytesResponses(),
      },
      config: { access },
    },
    async (request, reply) => {
      const image = await service.readImage(app.db, app.storage, requireAuth(request), request.params.id, request.params.imageId);
      return sendProfileImage(reply, image, 'legal-entity-image');
    },
  );

  r.put(
    `${base}/:id/owner`,
    {
      schema: {
        tags,
        summary: 'Transfer the profile',
        description: describe(
          `${ownerOnly} An owner may only name themself (nothing changes; anyone else is 403). Platform admins may hand any profile of their tenant to an active member: the parent and child links are cut, and a profile with stakeholders must lose them first (409).`,
          access,
        ),
        params,
        body: legalEntityProfileOwnerBody,
        response: { ...profileResponse, ...errorResponses(409) },
      },
      config: { access },
    },
    async (request) => ({ data: await service.transferOwner(app.db, requireAuth(request), request.params.id, request.body.owner) }),
  );

  r.put(
    `${base}/:id/financial-accounts`,
    {
      schema: {
        tags,
        summary: "Set the entity's financial accounts",
        description: describe(`${ownerOnly} Only ids of the owner's own financial accounts.`, access),
        params,
        body: legalEntityProfileFinancialAccountsBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({
      data: await service.updateFinancialAccounts(app.db, requireAuth(request), request.params.id, request.body.financialAccounts),
    }),
  );

  r.put(
    `${base}/:id/verification`,
    {
      schema: {
        tags,
        summary: 'Set the verification status',
        description: describe("The provider's verdict, set by platform admins for any profile of their tenant.", 'platform-admin'),
        params,
        body: legalEntityProfileVerificationBody,
        response: profileResponse,
      },
      config: { access: 'platform-admin' },
    },
    async (request) => ({
      data: await service.updateVerification(app.db, requireAuth(request), request.params.id, request.body.verificationStatus),
    }),
  );

  r.get(
    `${base}/:id/events`,
    {
      schema: {
        tags,
        summary: "The profile's history",
        description: describe(
          `${ownerOrAdmin} Timeline events of the profile and its stakeholders, searchable and sortable, paginated.`,
          access,
        ),
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => service.listEvents(app.db, requireAuth(request), request.params.id, request.query),
  );

  r.get(
    `${base}/:id/associations`,
    {
      schema: {
        tags,
        summary: 'What the profile is tied to',
        description: describe(`${ownerOrAdmin} Its parent entity, its child entities and its stakeholders' individual profiles.`, access),
        params,
        response: { 200: dataOf(z.array(legalEntityAssociation)), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => ({ data: await service.listAssociations(app.db, requireAuth(request), request.params.id) }),
  );

  const stakeholderText = `${ownerOnly} A beneficial owner needs one of the owner's individual profiles, a title and equity above 0 (at most 100); a fiduciary needs an individual profile and a fiduciary role. Beneficial owners together hold at most 100%.`;
  const stakeholderResponse = { 200: dataOf(stakeholder), ...errorResponses(400, 401, 403, 404, 409) };

  r.post(
    `${base}/:id/stakeholders`,
    {
      schema: {
        tags,
        summary: 'Add a stakeholder',
        description: describe(stakeholderText, access),
        params,
        body: stakeholderBody,
        response: stakeholderResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.addStakeholder(app.db, requireAuth(request), request.params.id, request.body) }),
  );

  r.put(
    `${base}/:id/stakeholders/:stakeholderId`,
    {
      schema: {
        tags,
        summary: 'Update a stakeholder',
        description: describe(stakeholderText, access),
        params: stakeholderParams,
        body: stakeholderBody,
        response: stakeholderResponse,
      },
      config: { access },
    },
    async (request) => ({
      data: await service.updateStakeholder(app.db, requireAuth(request), request.params.id, request.params.stakeholderId, request.body),
    }),
  );

  r.delete(
    `${base}/:id/stakeholders/:stakeholderId`,
    {
      schema: {
        tags,
        summary: 'Remove a stakeholder',
        description: describe(ownerOnly, access),
        params: stakeholderParams,
        response: { 200: dataOf(deletedResult), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => {
      await service.removeStakeholder(app.db, requireAuth(request), request.params.id, request.params.stakeholderId);
      return { data: { deleted: true as const } };
    },
  );
}
