import {
  API_KEY_MAX_DAYS,
  API_KEY_TEXTS,
  apiKey,
  apiKeyCreated,
  dataOf,
  INSTITUTION_KEY_SCOPES,
  institutionPrivateApiKeyCreateBody,
  listOf,
  objectId,
  pageQuery,
  privateApiKeyCreateBody,
  publicApiKeyCreateBody,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { created, errorResponses, noContent, tenantParams } from '../../lib/route-schema.ts';
import { INSTITUTION_KEY_REFUSED, NEEDS_USER, requireAuth, requireCaller } from '../../lib/auth-context.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import * as service from './api-keys.service.ts';

const tags = ['API keys'];
const access: Access = { roles: ['owner'] };
const ownersOnly = { apiKeys: true, keyResource: 'tenant', access, tenantParam: 't' } as const;
/** Making and revoking keys takes a person: a leaked private key must not mint more keys or revoke the owners' (issue #21). */
const ownersInPerson = { access, tenantParam: 't' } as const;
const personOnly = `A signed-in owner only: an API key is refused with 403 '${NEEDS_USER}'.`;
/** Making and revoking keys also needs a fresh second factor of that person (step-up). */
const ownersInPersonStepUp = { ...ownersInPerson, stepUp: true } as const;
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
const institutionKeyUse = `A private key (tsk_live_…, as \`Authorization: Bearer …\` or \`X-API-Key\`) reaches this institution only, on the operations that accept an institution's key, within its scopes (at most ${INSTITUTION_KEY_SCOPES.join(', ')}; any other is 400 naming it); any other institution or offer is 404 to it and every other call 403 '${INSTITUTION_KEY_REFUSED}'. A public key (tpk_live_…) reads the tenant's public marketplace only.`;
const settingsRules = `Private keys need \`scopes\` (400 '${API_KEY_TEXTS.scopesRequired}'); a public key always gets marketplace:read, and asking for any other scope is 400 '${API_KEY_TEXTS.publicScopes}'. \`expiresAt\` must be in the future and at most ${API_KEY_MAX_DAYS} days away (null: never); \`allowedOrigins\` (the sites whose pages may use the key from a browser, CORS) are for public keys only. Label optional, at most 80 characters. The timeline records the kind, label, scopes, expiry and origins, never the key.`;

export async function apiKeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, clock: app.clock });

  for (const [path, kind, word, about] of [
    [
      'pvt',
      'private',
      'Private',
      "A private key (tsk_live_…) authenticates server-to-server calls to this tenant's routes that accept the apiKey scheme, within its scopes. The whole key is in this answer only: the server keeps its SHA-256 and its first 12 characters.",
    ],
    [
      'pub',
      'public',
      'Public',
      "A public key (tpk_live_…) reads the tenant's public marketplace (the publicKey scheme), for embedding offers on a sponsor's own site; it is refused everywhere else. The whole key is in this answer only.",
    ],
  ] as const) {
    r.post(
      `/tenant/:t/api-key/${path}`,
      {
        schema: {
          tags,
          operationId: `create${word}ApiKey`,
          summary: `Generate a ${kind} API key`,
          description: `${about} ${settingsRules} ${personOnly}`,
          params: tenantParams,
          body: kind === 'private' ? privateApiKeyCreateBody : publicApiKeyCreateBody.nullish(),
          response: createdResponse,
        },
        config: ownersInPersonStepUp,
      },
      async (request, reply) => {
        const tenant = requireTenant(request);
        const key = await service.createApiKey(deps(), requireAuth(request), tenant.id, kind, request.body);
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
          "The tenant's own keys (its institutions' keys are listed on each institution), newest first, revoked and expired ones included: kind, visible prefix, label, scopes, expiry, allowed origins, created, last used and from which address (recorded at most once a minute), revoked, status. Never the key.",
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
        description: `The key stops working on the next call; it stays listed as revoked. Revoking a revoked key changes nothing. ${personOnly}`,
        params: keyParams,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
      },
      config: ownersInPersonStepUp,
    },
    async (request, reply) => {
      await service.revokeApiKey(deps(), requireAuth(request), requireTenant(request).id, request.params.keyId);
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
          description: `The whole key is in this answer only: the server keeps its SHA-256 and its first 12 characters. ${settingsRules} ${institutionKeyUse}`,
          params: institutionParams,
          body: kind === 'private' ? institutionPrivateApiKeyCreateBody : publicApiKeyCreateBody.nullish(),
          response: createdResponse,
        },
        config: { ...managersStepUp, accessNote: managers },
      },
      async (request, reply) => {
        const { id } = request.params;
        const key = await service.createInstitutionApiKey(deps(), requireAuth(request), id, kind, request.body);
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
        description:
          'Newest first, revoked and expired ones included: kind, visible prefix, label, scopes, expiry, allowed origins, created, last used and from which address, revoked, status. Never the key.',
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
