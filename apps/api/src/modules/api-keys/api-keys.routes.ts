import { apiKey, apiKeyCreateBody, apiKeyCreated, dataOf, objectId } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses, tenantParams } from '../../lib/route-schema.ts';
import { INSTITUTION_KEY_REFUSED, requireAuth, requireCaller } from '../../lib/auth-context.ts';
import * as service from './api-keys.service.ts';

const tags = ['API keys'];
const access: Access = { roles: ['owner'] };
const params = z.object({ id: objectId });
const keyParams = z.object({ id: objectId, keyId: objectId });
const hostOnly = 'The id must be the tenant of the host called; any other is not found.';
const keyToo = { serviceCaller: true };
const createdResponse = { 200: dataOf(apiKeyCreated), ...errorResponses(400, 401, 403, 404) };

// An institution's keys: who may manage them is decided on the institution in the service, so the routes are open to signed-in members.
const institutionTags = ['Tenant institution'];
const signedIn: Access = 'signed-in';
const institutionParams = tenantParams.extend({ id: objectId });
const institutionKeyParams = institutionParams.extend({ keyId: objectId });
const managers =
  "`{t}` is the id or slug of the tenant of the address; any other gives 404, as does an institution of another tenant. The tenant's owners and platform admins, and the owners and editors of the institution's team; its members and viewers get 403, a GP off the team 404.";
const institutionKeyUse = `A private key (tsk_live_…, as \`Authorization: Bearer …\` or \`X-API-Key\`) reads this institution and its offers (GET tenant/{t}/institutions/{id}, …/offers, GET tenant/{t}/offers and …/offers/{offerId}); any other institution or offer is 404 to it and every other call 403 '${INSTITUTION_KEY_REFUSED}'. A public key (tpk_live_…) only identifies the institution.`;

export async function apiKeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, clock: app.clock });

  for (const [path, kind, about] of [
    [
      'pvt',
      'private',
      "A private key (tsk_live_…) authenticates server-to-server calls to this tenant's owner routes. The whole key is in this answer only: the server keeps its SHA-256 and its first 12 characters.",
    ],
    [
      'pub',
      'public',
      'A public key (tpk_live_…) only identifies the tenant, for public calls such as analytics; it authorizes nothing. The whole key is in this answer only.',
    ],
  ] as const) {
    r.post(
      `/tenant/:id/api-key/${path}`,
      {
        schema: {
          tags,
          summary: `Generate a ${kind} API key`,
          description: describe(`${about} Label optional, at most 80 characters. ${hostOnly}`, access, keyToo),
          params,
          body: apiKeyCreateBody.nullish(),
          response: createdResponse,
        },
        config: { apiKeys: true, access },
      },
      async (request) => ({
        data: await service.createApiKey(deps(), requireCaller(request), request.params.id, kind, request.body?.label ?? null),
      }),
    );
  }

  r.get(
    '/tenant/:id/api-keys',
    {
      schema: {
        tags,
        summary: "The tenant's API keys",
        description: describe(
          `The tenant's own keys (its institutions' keys are listed on each institution), newest first, revoked ones included: kind, visible prefix, label, created, last used (recorded at most once a minute), revoked. Never the key. ${hostOnly}`,
          access,
          keyToo,
        ),
        params,
        response: { 200: dataOf(z.array(apiKey)), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access },
    },
    async (request) => ({ data: await service.listApiKeys(deps(), requireCaller(request), request.params.id) }),
  );

  r.delete(
    '/tenant/:id/api-keys/:keyId',
    {
      schema: {
        tags,
        summary: 'Revoke an API key',
        description: describe(
          `The key stops working on the next call. Revoking a revoked key changes nothing. ${hostOnly}`,
          access,
          keyToo,
        ),
        params: keyParams,
        response: { 200: dataOf(apiKey), ...errorResponses(400, 401, 403, 404) },
      },
      config: { apiKeys: true, access },
    },
    async (request) => ({ data: await service.revokeApiKey(deps(), requireCaller(request), request.params.id, request.params.keyId) }),
  );

  for (const [path, kind] of [
    ['pvt', 'private'],
    ['pub', 'public'],
  ] as const) {
    r.post(
      `/tenant/:t/institutions/:id/api-key/${path}`,
      {
        schema: {
          tags: institutionTags,
          summary: `Generate a ${kind} API key of an institution`,
          description: describe(
            `The whole key is in this answer only: the server keeps its SHA-256 and its first 12 characters. Label optional, at most 80 characters. ${institutionKeyUse} ${managers}`,
            signedIn,
          ),
          params: institutionParams,
          body: apiKeyCreateBody.nullish(),
          response: createdResponse,
        },
        config: { access: signedIn, tenantParam: 't' },
      },
      async (request) => ({
        data: await service.createInstitutionApiKey(deps(), requireAuth(request), request.params.id, kind, request.body?.label ?? null),
      }),
    );
  }

  r.get(
    '/tenant/:t/institutions/:id/api-keys',
    {
      schema: {
        tags: institutionTags,
        summary: "An institution's API keys",
        description: describe(
          `Newest first, revoked ones included: kind, visible prefix, label, created, last used, revoked. Never the key. ${managers}`,
          signedIn,
        ),
        params: institutionParams,
        response: { 200: dataOf(z.array(apiKey)), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({ data: await service.listInstitutionApiKeys(deps(), requireAuth(request), request.params.id) }),
  );

  r.delete(
    '/tenant/:t/institutions/:id/api-keys/:keyId',
    {
      schema: {
        tags: institutionTags,
        summary: "Revoke an institution's API key",
        description: describe(
          `The key stops working on the next call. Revoking a revoked key changes nothing; a key of the tenant or of another institution is 404. ${managers}`,
          signedIn,
        ),
        params: institutionKeyParams,
        response: { 200: dataOf(apiKey), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: signedIn, tenantParam: 't' },
    },
    async (request) => ({
      data: await service.revokeInstitutionApiKey(deps(), requireAuth(request), request.params.id, request.params.keyId),
    }),
  );
}
