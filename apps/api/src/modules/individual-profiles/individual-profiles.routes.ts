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
import { describe, errorResponses, IMAGE_UPLOAD_TEXT, imageBytesResponses } from '../../lib/route-schema.ts';
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
const params = z.object({ id: objectId });
const access: Access = 'signed-in';
const ownerOnly = 'The owner only: another user or tenant gets 404.';
const masked = 'ssn, tin and ein are masked (last four digits shown).';
const profileResponse = { 200: dataOf(individualProfile), ...errorResponses(400, 401, 403, 404) };
const transferText =
  "The profile's owner or a platform admin of this tenant (anyone else gets 404) hands the profile to another active member of this tenant (400 otherwise; naming the current owner changes nothing). The old owner's government photo IDs and financial accounts stay theirs, so those links are cut; a profile that is a stakeholder of legal entities must leave them first (409).";

export async function individualProfilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ProfileDeps => ({ db: app.db, cipher: app.cipher, storage: app.storage });

  r.get(
    '/individual-profile',
    {
      schema: {
        tags,
        summary: "The caller's individual profiles",
        description: describe(`Newest first; limit up to 1000. The user filter may only name the caller. ${masked}`, access),
        querystring: individualProfileQuery,
        response: { 200: listOf(individualProfile), ...errorResponses(400, 401, 403, 404) },
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
        summary: 'Create an individual profile',
        description: describe(
          'Needs the accepted terms. Birth place and citizenship default to the United States, gender to male.',
          access,
        ),
        body: createIndividualProfileBody,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await createIndividualProfile(deps(), requireAuth(request), request.body) }),
  );

  r.get(
    '/individual-profile/:id',
    {
      schema: {
        tags,
        summary: 'Get an individual profile',
        description: describe(
          `${ownerOnly} ${masked} With reveal=true the owner gets them in clear (not cached, and recorded on the timeline as an access event).`,
          access,
        ),
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
        summary: 'Update the profile details',
        description: describe(
          `${ownerOnly} Empty optional values are null, the middle name empty text. ssn, tin and ein change only when sent (null clears).`,
          access,
        ),
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
        summary: 'Delete an individual profile',
        description: describe(ownerOnly, access),
        params,
        response: profileResponse,
      },
      config: { access },
    },
    async (request) => ({ data: await deleteIndividualProfile(deps(), requireAuth(request), request.params.id) }),
  );

  r.put(
    '/individual-profile/:id/contact',
    {
      schema: {
        tags,
        summary: 'Replace the contact',
        description: describe(`${ownerOnly} Addresses, emails, phones, faxes and links; at most one primary per kind.`, access),
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
        summary: 'Upload the profile image',
        description: describe(`${ownerOnly} ${IMAGE_UPLOAD_TEXT}`, access),
        params,
        consumes: ['multipart/form-data'],
        response: { ...profileResponse, ...errorResponses(400, 401, 403, 404, 413) },
      },
      config: { access },
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
        summary: 'The profile image',
        description: describe(`${ownerOnly} The image bytes.`, access),
        params: z.object({ id: objectId, imageId: objectId }),
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
        summary: "Set the profile's government photo IDs",
        description: describe(`${ownerOnly} Only ids of the caller's own government photo IDs.`, access),
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
        summary: 'Set the verification status',
        description: describe(
          "The provider's verdict, set by platform admins for any profile of their tenant; another tenant's profile is not found.",
          'platform-admin',
        ),
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
        summary: 'Transfer the profile to another member',
        description: describe(transferText, access),
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
        summary: 'Transfer the profile (created-by)',
        description: describe(
          `A profile has one owner, its user: this is the same transfer as PUT /individual-profile/{id}/user, with the member named in \`createdBy\`. ${transferText}`,
          access,
        ),
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
        summary: "Set the profile's financial accounts",
        description: describe(`${ownerOnly} Only ids of the caller's own financial accounts.`, access),
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
