import { apiKey, apiKeyCreateBody, apiKeyCreated, dataOf, listOf, objectId, pageQuery } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, noContent, tenantParams } from '../../lib/route-schema.ts';
import { INSTITUTION_KEY_REFUSED, requireAuth, requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import * as service from './api-keys.service.ts';

const tags = ['API keys'];
const access: Access = { roles: ['owner'] };
const ownersOnly = { apiKeys: true, access, tenantParam: 't' } as const;
/** Making and revoking keys needs a fresh second factor of a person (step-up); a private key calling has no session to ask. */
const ownersStepUp = { ...ownersOnly, stepUp: true } as const;
const managersStepUp = { access: 'signed-in', tenantParam: 't', stepUp: true } as const;
const keyId = objectId.describe("The key's id (24 hexadecimal characters)");
const keyParams = tenantParams.extend({ keyId });
const createdResponse = {
  201: dataOf(apiKeyCreated).describe('The new key, whole, shown this once'),
  ...errorResponses(400, 401, 403, 404),
};
const listResponse = { 200: listOf(apiKey).describe('A page of keys, newest first'), ...errorResponses(400, 401, 403, 404) };

// An institution's keys: who may manage them is decided on the institution in the service, so the routes are open to signed-in members.
const institutionTags = ['Tenant institution'];
const signedIn: Access = 'signed-in';
const institutionParams = tenantParams.extend({ id: objectId.describe("The institution's id (24 hexadecimal characters)") });
const institutionKeyParams = institutionParams.extend({ keyId });
const managers =
  "The tenant's owners and platform admins, and the owners and editors of the institution's team; its members and viewers get 403, a GP off the team 404, as does an institution of another tenant.";
const institutionKeyUse = `A private key (tsk_live_…, as \`Authorization: Bearer …\` or \`X-API-Key\`) reads this institution and its offers (GET tenant/{t}/institutions/{id}, …/offers, GET tenant/{t}/offers and …/offers/{offerId}); any other institution or offer is 404 to it and every other call 403 '${INSTITUTION_KEY_REFUSED}'. A public key (tpk_live_…) only identifies the institution.`;

export async function apiKeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, clock: app.clock });

  for (const [path, kind, word, about] of [
    [
      'pvt',
      'private',
      'Private',
      "A private key (tsk_live_…) authenticates server-to-server calls to this tenant's owner routes. The whole key is in this answer only: the server keeps its SHA-256 and its first 12 characters.",
    ],
    [
      'pub',
      'public',
      'Public',
      'A public key (tpk_live_…) only identifies the tenant, for public calls such as analytics; it authorizes nothing. The whole key is in this answer only.',
    ],
  ] as const) {
    r.post(
      `/tenant/:t/api-key/${path}`,
      {
        schema: {
          tags,
          operationId: `create${word}ApiKey`,
          summary: `Generate a ${kind} API key`,
          description: `${about} Label optional, at most 80 characters.`,
          params: tenantParams,
          body: apiKeyCreateBody.nullish(),
          response: createdResponse,
        },
        config: ownersStepUp,
      },
      async (request, reply) => {
        const tenant = requireTenant(request);
        const key = await service.createApiKey(deps(), requireCaller(request), tenant.id, kind, request.body?.label ?? null);
        return created(reply, `/tenant/${tenant.slug}/api-keys/${key._id}`, key);
      },
    );
  }

  r.get(
    '/tenant/:t/api-keys',
    {
      schema: {
        tags,
        operationId: 'listApiKeys',
        summary: "The tenant's API keys",
        description:
          "The tenant's own keys (its institutions' keys are listed on each institution), newest first, revoked ones included: kind, visible prefix, label, created, last used (recorded at most once a minute), revoked. Never the key.",
        params: tenantParams,
        querystring: pageQuery,
        response: listResponse,
      },
      config: ownersOnly,
    },
    async (request) => service.listApiKeys(deps(), requireCaller(request), requireTenant(request).id, request.query),
  );

  r.delete(
    '/tenant/:t/api-keys/:keyId',
    {
      schema: {
        tags,
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        description: 'The key stops working on the next call; it stays listed as revoked. Revoking a revoked key changes nothing.',
        params: keyParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: ownersStepUp,
    },
    async (request, reply) => {
      await service.revokeApiKey(deps(), requireCaller(request), requireTenant(request).id, request.params.keyId);
      return reply.status(204).send(null);
    },
  );

  for (const [path, kind, word] of [
    ['pvt', 'private', 'Private'],
    ['pub', 'public', 'Public'],
  ] as const) {
    r.post(
      `/tenant/:t/institutions/:id/api-key/${path}`,
      {
        schema: {
          tags: institutionTags,
          operationId: `createInstitution${word}ApiKey`,
          summary: `Generate a ${kind} API key of an institution`,
          description: `The whole key is in this answer only: the server keeps its SHA-256 and its first 12 characters. Label optional, at most 80 characters. ${institutionKeyUse}`,
          params: institutionParams,
          body: apiKeyCreateBody.nullish(),
          response: createdResponse,
        },
        config: { ...managersStepUp, accessNote: managers },
      },
      async (request, reply) => {
        const { id } = request.params;
        const key = await service.createInstitutionApiKey(deps(), requireAuth(request), id, kind, request.body?.label ?? null);
        return created(reply, `/tenant/${requireTenant(request).slug}/institutions/${id}/api-keys/${key._id}`, key);
      },
    );
  }

  r.get(
    '/tenant/:t/institutions/:id/api-keys',
    {
      schema: {
        tags: institutionTags,
        operationId: 'listInstitutionApiKeys',
        summary: "An institution's API keys",
        description: 'Newest first, revoked ones included: kind, visible prefix, label, created, last used, revoked. Never the key.',
        params: institutionParams,
        querystring: pageQuery,
        response: listResponse,
      },
      config: { access: signedIn, accessNote: managers, tenantParam: 't' },
    },
    async (request) => service.listInstitutionApiKeys(deps(), requireAuth(request), request.params.id, request.query),
  );

  r.delete(
    '/tenant/:t/institutions/:id/api-keys/:keyId',
    {
      schema: {
        tags: institutionTags,
        operationId: 'revokeInstitutionApiKey',
        summary: "Revoke an institution's API key",
        description:
          'The key stops working on the next call; it stays listed as revoked. Revoking a revoked key changes nothing; a key of the tenant or of another institution is 404.',
        params: institutionKeyParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: { ...managersStepUp, accessNote: managers },
    },
    async (request, reply) => {
      await service.revokeInstitutionApiKey(deps(), requireAuth(request), request.params.id, request.params.keyId);
      return reply.status(204).send(null);
    },
  );
}
