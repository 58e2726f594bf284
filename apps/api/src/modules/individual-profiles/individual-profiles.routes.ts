import {
  createIndividualProfileBody,
  dataOf,
  govPhotoIdsBody,
  individualProfile,
  individualProfileGetQuery,
  individualProfileCreatedByBody,
  individualProfileQuery,
  individualProfileUserBody,
  individualProfileVerificationBody,
  listOf,
  objectId,
  profileFinancialAccountsBody,
  updateContactBody,
  updateIndividualProfileBody,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { readMultipart, requireFile } from '../../lib/multipart.ts';
import { created, errorResponses, idParams, imageBytesResponses, multipartForm, noContent } from '../../lib/route-schema.ts';
import { sendProfileImage } from '../../lib/image-reply.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import {
  createIndividualProfile,
  deleteIndividualProfile,
  getIndividualProfile,
  listIndividualProfiles,
  readIndividualProfileImage,
  setIndividualProfileFinancialAccounts,
  setIndividualProfileGovPhotoIds,
  setIndividualProfileVerification,
  transferIndividualProfile,
  updateIndividualProfile,
  updateIndividualProfileContact,
  updateIndividualProfileImage,
  type ProfileDeps,
} from './individual-profiles.service.ts';

const tags = ['Individual profile'];
const params = idParams('individual profile');
const imageParams = params.extend({ imageId: objectId.describe("The profile image's id (24 hexadecimal characters)") });
const one = dataOf(individualProfile).describe('The individual profile');
const access: Access = 'signed-in';
const ownerOnly = 'The owner only: another user or tenant gets 404.';
const masked = 'ssn, tin and ein are masked (last four digits shown).';
const profileResponse = { 200: one, ...errorResponses(400, 401, 403, 404) };
const transferText =
  "The profile's owner or a platform admin of this tenant (anyone else gets 404) hands the profile to another active member of this tenant (400 otherwise; naming the current owner changes nothing). The old owner's government photo IDs and financial accounts stay theirs, so those links are cut; a profile that is a stakeholder of legal entities must leave them first (409).";

export async function individualProfilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ProfileDeps => ({ db: app.db, cipher: app.cipher, storage: app.storage });
  const maxMb = Math.round(app.config.uploadMaxBytes / 1024 / 1024);
  const imageForm = multipartForm(z.object({}), {
    file: `The image: PNG, JPEG, GIF or WebP, checked by content; at most ${maxMb} MB (413)`,
  });

  r.get(
    '/individual-profile',
    {
      schema: {
        tags,
        operationId: 'listIndividualProfiles',
        summary: "The caller's individual profiles",
        description: `Newest first. The user filter may only name the caller. ${masked}`,
        querystring: individualProfileQuery,
        response: { 200: listOf(individualProfile).describe('A page of individual profiles'), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request) => listIndividualProfiles(deps(), requireAuth(request), request.query),
  );

  r.post(
    '/individual-profile',
    {
      schema: {
        tags,
        operationId: 'createIndividualProfile',
        summary: 'Create an individual profile',
        description: 'Needs the accepted terms. Birth place and citizenship default to the United States, gender to male.',
        body: createIndividualProfileBody,
        response: { 201: one, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request, reply) => {
      const profile = await createIndividualProfile(deps(), requireAuth(request), request.body);
      return created(reply, `/individual-profile/${profile._id}`, profile);
    },
  );

  r.get(
    '/individual-profile/:id',
    {
      schema: {
        tags,
        operationId: 'getIndividualProfile',
        summary: 'Get an individual profile',
        description: `${ownerOnly} ${masked} With reveal=true the owner gets them in clear (not cached, and recorded on the timeline as an access event).`,
        params,
        querystring: individualProfileGetQuery,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => {
      const data = await getIndividualProfile(deps(), requireAuth(request), request.params.id, request.query.reveal);
      return { data };
    },
  );

  r.put(
    '/individual-profile/:id',
    {
      schema: {
        tags,
        operationId: 'updateIndividualProfile',
        summary: 'Update the profile details',
        description: `${ownerOnly} Empty optional values are null, the middle name empty text. ssn, tin and ein change only when sent (null clears).`,
        params,
        body: updateIndividualProfileBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await updateIndividualProfile(deps(), requireAuth(request), request.params.id, request.body) }),
  );

  r.delete(
    '/individual-profile/:id',
    {
      schema: {
        tags,
        operationId: 'deleteIndividualProfile',
        summary: 'Delete an individual profile',
        description: ownerOnly,
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { access },
    },
    async (request, reply) => {
      await deleteIndividualProfile(deps(), requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/individual-profile/:id/contact',
    {
      schema: {
        tags,
        operationId: 'updateIndividualProfileContact',
        summary: 'Replace the contact',
        description: `${ownerOnly} Addresses, emails, phones, faxes and links; at most one primary per kind.`,
        params,
        body: updateContactBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({
      data: await updateIndividualProfileContact(deps(), requireAuth(request), request.params.id, request.body.contact),
    }),
  );

  r.put(
    '/individual-profile/:id/media',
    {
      schema: {
        tags,
        operationId: 'uploadIndividualProfileImage',
        summary: 'Upload the profile image',
        description: `${ownerOnly} A multipart form with the image; it replaces the former one.`,
        params,
        consumes: ['multipart/form-data'],
        response: { ...profileResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: { access, multipartBody: imageForm },
    },
    async (request) => {
      const { files } = await readMultipart(request);
      return { data: await updateIndividualProfileImage(deps(), requireAuth(request), request.params.id, requireFile(files, 'file')) };
    },
  );

  r.get(
    '/individual-profile/:id/media/:imageId',
    {
      schema: {
        tags,
        operationId: 'getIndividualProfileImage',
        summary: 'The profile image',
        description: `${ownerOnly} The image bytes.`,
        params: imageParams,
        response: imageBytesResponses(),
      },
      config: { access },
    },
    async (request, reply) => {
      const image = await readIndividualProfileImage(deps(), requireAuth(request), request.params.id, request.params.imageId);
      return sendProfileImage(reply, image, 'profile-image');
    },
  );

  r.put(
    '/individual-profile/:id/gov-photo-id',
    {
      schema: {
        tags,
        operationId: 'setIndividualProfileGovPhotoIds',
        summary: "Set the profile's government photo IDs",
        description: `${ownerOnly} Only ids of the caller's own government photo IDs.`,
        params,
        body: govPhotoIdsBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({
      data: await setIndividualProfileGovPhotoIds(deps(), requireAuth(request), request.params.id, request.body.govPhotoIds),
    }),
  );

  r.put(
    '/individual-profile/:id/verification',
    {
      schema: {
        tags,
        operationId: 'setIndividualProfileVerification',
        summary: 'Set the verification status',
        description:
          "The provider's verdict, set by platform admins for any profile of their tenant; another tenant's profile is not found.",
        params,
        body: individualProfileVerificationBody,
        response: profileResponse,
      },
      config: { access: 'platform-admin' },
    },
    async (request) => ({
      data: await setIndividualProfileVerification(deps(), requireAuth(request), request.params.id, request.body.verificationStatus),
    }),
  );

  r.put(
    '/individual-profile/:id/user',
    {
      schema: {
        tags,
        operationId: 'transferIndividualProfile',
        summary: 'Transfer the profile to another member',
        description: transferText,
        params,
        body: individualProfileUserBody,
        response: { ...profileResponse, ...errorResponses(409) },
      },
      config: { access },
    },
    async (request) => ({
      data: await transferIndividualProfile(deps(), requireAuth(request), request.params.id, request.body.user, 'user'),
    }),
  );

  r.put(
    '/individual-profile/:id/created-by',
    {
      schema: {
        tags,
        operationId: 'transferIndividualProfileCreatedBy',
        summary: 'Transfer the profile (created-by)',
        description: `A profile has one owner, its user: this is the same transfer as PUT /individual-profile/{id}/user, with the member named in \`createdBy\`. ${transferText}`,
        params,
        body: individualProfileCreatedByBody,
        response: { ...profileResponse, ...errorResponses(409) },
      },
      config: { access },
    },
    async (request) => ({
      data: await transferIndividualProfile(deps(), requireAuth(request), request.params.id, request.body.createdBy, 'createdBy'),
    }),
  );

  r.put(
    '/individual-profile/:id/financial-accounts',
    {
      schema: {
        tags,
        operationId: 'setIndividualProfileFinancialAccounts',
        summary: "Set the profile's financial accounts",
        description: `${ownerOnly} Only ids of the caller's own financial accounts.`,
        params,
        body: profileFinancialAccountsBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({
      data: await setIndividualProfileFinancialAccounts(deps(), requireAuth(request), request.params.id, request.body.financialAccounts),
    }),
  );
}
