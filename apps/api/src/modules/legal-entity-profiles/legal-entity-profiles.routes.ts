import {
  dataOf,
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
  pageQuery,
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
import { created, errorResponses, idParams, imageBytesResponses, multipartForm, noContent } from '../../lib/route-schema.ts';
import { sendProfileImage } from '../../lib/image-reply.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import * as service from './legal-entity-profiles.service.ts';

const tags = ['Legal entity profile'];
const access: Access = 'signed-in';
const params = idParams('legal entity profile');
const stakeholderParams = params.extend({ stakeholderId: objectId.describe("The stakeholder's id (24 hexadecimal characters)") });
const imageParams = params.extend({ imageId: objectId.describe("The entity image's id (24 hexadecimal characters)") });
const one = dataOf(legalEntityProfile).describe('The legal entity profile');
const profileResponse = { 200: one, ...errorResponses(400, 401, 403, 404) };
const deletedResponse = { ...noContent, ...errorResponses(400, 401, 403, 404) };
const ownerOnly = "Only the profile's owner; anyone else's profile is not found.";
const ownerOrAdmin = "The profile's owner (platform admins may read any profile of their tenant); anyone else's profile is not found.";

export async function legalEntityProfilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = '/legal-entity-profile';
  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);
  const imageForm = multipartForm(z.object({}), {
    file: `The image: PNG, JPEG, GIF or WebP, checked by content; at most ${maxMb} MB (413)`,
  });

  r.get(
    base,
    {
      schema: {
        tags,
        operationId: 'listLegalEntityProfiles',
        summary: "The caller's legal entity profiles",
        description:
          'Newest first, searchable by name. The owner filter may only name the caller (platform admins: anyone, or everyone when left out).',
        querystring: legalEntityProfileQuery,
        response: { 200: listOf(legalEntityProfile).describe('A page of legal entity profiles'), ...errorResponses(400, 401, 403, 404) },
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
        operationId: 'createLegalEntityProfile',
        summary: 'Create a legal entity profile',
        description:
          'Needs a name, a legal entity type and the accepted terms. The owner, when sent, must be the caller; the parent must be one of their entities.',
        body: legalEntityProfileCreateBody,
        response: { 201: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access, accessNote: 'The owner, when sent, must be the caller (403 otherwise).' },
    },
    async (request, reply) => {
      const profile = await service.createProfile(app.db, requireAuth(request), request.body);
      return created(reply, `${base}/${profile._id}`, profile);
    },
  );

  r.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        operationId: 'getLegalEntityProfile',
        summary: 'Get a legal entity profile',
        description: ownerOrAdmin,
        params,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await service.getProfile(app.db, requireAuth(request), request.params.id) }),
  );

  const detailsText = `${ownerOnly} Absent fields stay as they are; empty optional values are stored as null. The state of organization must be a US state when the country is US; the parent one of the owner's other entities.`;
  // The plain PUT and /details take the same body and do the same.
  for (const [path, operationId, summary, text] of [
    [`${base}/:id`, 'updateLegalEntityProfile', 'Update a legal entity profile', `${detailsText} Same body as /details.`],
    [`${base}/:id/details`, 'updateLegalEntityProfileDetails', 'Update the details', detailsText],
  ] as const) {
    r.put(
      path,
      {
        schema: {
          tags,
          operationId,
          summary,
          description: text,
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
        operationId: 'updateLegalEntityProfileLegal',
        summary: 'Update the legal (organisation) fields',
        description: `${ownerOnly} Nature of business, country and state of organization.`,
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
        operationId: 'deleteLegalEntityProfile',
        summary: 'Delete a legal entity profile',
        description: `${ownerOnly} Its stakeholders and image go with it; child entities lose their parent link.`,
        params,
        response: deletedResponse,
      },
      config: { access },
    },
    async (request, reply) => {
      await service.deleteProfile(app.db, app.storage, requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    `${base}/:id/contact`,
    {
      schema: {
        tags,
        operationId: 'updateLegalEntityProfileContact',
        summary: 'Replace the contact',
        description: `${ownerOnly} Addresses, emails, phones, faxes and links; at most one primary per kind.`,
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
        operationId: 'uploadLegalEntityProfileImage',
        summary: "Upload the entity's image",
        description: `${ownerOnly} A multipart form with the image; it replaces the former one.`,
        params,
        consumes: ['multipart/form-data'],
        response: { ...profileResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: { access, multipartBody: imageForm },
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
        operationId: 'getLegalEntityProfileImage',
        summary: "The entity's image",
        description: `${ownerOrAdmin} The image bytes (the id is the profile's current image).`,
        params: imageParams,
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
        operationId: 'transferLegalEntityProfile',
        summary: 'Transfer the profile',
        description: `${ownerOnly} An owner may only name themself (nothing changes; anyone else is 403). Platform admins may hand any profile of their tenant to an active member: the parent and child links are cut, and a profile with stakeholders must lose them first (409).`,
        params,
        body: legalEntityProfileOwnerBody,
        response: { ...profileResponse, ...errorResponses(409) },
      },
      config: {
        access,
        accessNote:
          "Only the profile's owner, naming themself, or a platform admin of this tenant, naming an active member; an owner naming anyone else gets 403.",
      },
    },
    async (request) => ({ data: await service.transferOwner(app.db, requireAuth(request), request.params.id, request.body.owner) }),
  );

  r.put(
    `${base}/:id/financial-accounts`,
    {
      schema: {
        tags,
        operationId: 'setLegalEntityProfileFinancialAccounts',
        summary: "Set the entity's financial accounts",
        description: `${ownerOnly} Only ids of the owner's own financial accounts.`,
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
        operationId: 'setLegalEntityProfileVerification',
        summary: 'Set the verification status',
        description: "The provider's verdict, set by platform admins for any profile of their tenant.",
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
        operationId: 'listLegalEntityProfileEvents',
        summary: "The profile's history",
        description: `${ownerOrAdmin} Timeline events of the profile and its stakeholders, searchable and sortable, paginated.`,
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe('A page of timeline events'), ...errorResponses(400, 401, 403, 404) },
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
        operationId: 'listLegalEntityProfileAssociations',
        summary: 'What the profile is tied to',
        description: `${ownerOrAdmin} Its parent entity, its child entities and its stakeholders' individual profiles.`,
        params,
        querystring: pageQuery,
        response: { 200: listOf(legalEntityAssociation).describe('A page of associations'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => service.listAssociations(app.db, requireAuth(request), request.params.id, request.query),
  );

  const stakeholderText = `${ownerOnly} A beneficial owner needs one of the owner's individual profiles, a title and equity above 0 (at most 100); a fiduciary needs an individual profile and a fiduciary role. Beneficial owners together hold at most 100%.`;
  const oneStakeholder = dataOf(stakeholder).describe('The stakeholder');

  r.post(
    `${base}/:id/stakeholders`,
    {
      schema: {
        tags,
        operationId: 'createLegalEntityProfileStakeholder',
        summary: 'Add a stakeholder',
        description: stakeholderText,
        params,
        body: stakeholderBody,
        response: { 201: oneStakeholder, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: { access },
    },
    async (request, reply) => {
      const { id } = request.params;
      const added = await service.addStakeholder(app.db, requireAuth(request), id, request.body);
      return created(reply, `${base}/${id}/stakeholders/${added._id}`, added);
    },
  );

  r.put(
    `${base}/:id/stakeholders/:stakeholderId`,
    {
      schema: {
        tags,
        operationId: 'updateLegalEntityProfileStakeholder',
        summary: 'Update a stakeholder',
        description: stakeholderText,
        params: stakeholderParams,
        body: stakeholderBody,
        response: { 200: oneStakeholder, ...errorResponses(400, 401, 403, 404, 409) },
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
        operationId: 'deleteLegalEntityProfileStakeholder',
        summary: 'Remove a stakeholder',
        description: ownerOnly,
        params: stakeholderParams,
        response: deletedResponse,
      },
      config: { access },
    },
    async (request, reply) => {
      await service.removeStakeholder(app.db, requireAuth(request), request.params.id, request.params.stakeholderId);
      return reply.status(204).send(null);
    },
  );
}
