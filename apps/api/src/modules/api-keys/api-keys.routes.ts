import { apiKey, apiKeyCreateBody, apiKeyCreated, dataOf, objectId } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../lib/access.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireCaller } from '../../plugins/auth.ts';
import * as service from './api-keys.service.ts';

const tags = ['API keys'];
const access: Access = { roles: ['owner'] };
const params = z.object({ id: objectId });
const keyParams = z.object({ id: objectId, keyId: objectId });
const hostOnly = 'The id must be the tenant of the host called; any other is not found.';
const keyToo = { serviceCaller: true };
const createdResponse = { 200: dataOf(apiKeyCreated), ...errorResponses(400, 401, 403, 404) };

export async function apiKeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, clock: app.clock });

  r.post('/tenant/:id/api-key/pvt', {
    schema: {
      tags, summary: 'Generate a private API key',
      description: describe(`A private key (tsk_live_…) authenticates server-to-server calls to this tenant's owner routes. The whole key is in this answer only: the server keeps its SHA-256 and its first 12 characters. Label optional, at most 80 characters. ${hostOnly}`, access, keyToo),
      params, body: apiKeyCreateBody.nullish(), response: createdResponse,
    },
    config: { access },
  }, async (request) => ({ data: await service.createApiKey(deps(), requireCaller(request), request.params.id, 'private', request.body?.label ?? null) }));

  r.post('/tenant/:id/api-key/pub', {
    schema: {
      tags, summary: 'Generate a public API key',
      description: describe(`A public key (tpk_live_…) only identifies the tenant, for public calls such as analytics; it authorizes nothing. The whole key is in this answer only. Label optional, at most 80 characters. ${hostOnly}`, access, keyToo),
      params, body: apiKeyCreateBody.nullish(), response: createdResponse,
    },
    config: { access },
  }, async (request) => ({ data: await service.createApiKey(deps(), requireCaller(request), request.params.id, 'public', request.body?.label ?? null) }));

  r.get('/tenant/:id/api-keys', {
    schema: {
      tags, summary: "The tenant's API keys",
      description: describe(`Newest first, revoked ones included: kind, visible prefix, label, created, last used (recorded at most once a minute), revoked. Never the key. ${hostOnly}`, access, keyToo),
      params, response: { 200: dataOf(z.array(apiKey)), ...errorResponses(400, 401, 403, 404) },
    },
    config: { access },
  }, async (request) => ({ data: await service.listApiKeys(deps(), requireCaller(request), request.params.id) }));

  r.delete('/tenant/:id/api-keys/:keyId', {
    schema: {
      tags, summary: 'Revoke an API key',
      description: describe(`The key stops working on the next call. Revoking a revoked key changes nothing. ${hostOnly}`, access, keyToo),
      params: keyParams, response: { 200: dataOf(apiKey), ...errorResponses(400, 401, 403, 404) },
    },
    config: { access },
  }, async (request) => ({ data: await service.revokeApiKey(deps(), requireCaller(request), request.params.id, request.params.keyId) }));
}
