import { API_KEY_HEADER } from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for public API keys (issue #23): a sponsor's own site reads the tenant's public marketplace from the browser
 * with a public key (tpk_live_…). The preflight (OPTIONS, which carries no key) is allowed for any origin; the
 * actual GET decides: it answers `Access-Control-Allow-Origin: <origin>` only when the key it presents lists that
 * origin in its allowed origins (plugins/auth.ts). No credentials are ever allowed this way.
 */

/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Adds a field to the response's Vary header once. */
export function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (current.includes('*') || current.some((v) => v.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...current, field].join(', '));
}

/** On a read served to a public key: lets the request's origin read the answer when the key allows it. */
export function allowKeyOrigin(request: FastifyRequest, reply: FastifyReply, allowedOrigins: readonly string[]): void {
  // The answer depends on the origin and the key, whichever way it goes.
  addVary(reply, 'Origin');
  addVary(reply, 'X-API-Key');
  const origin = request.headers.origin;
  if (typeof origin === 'string' && allowedOrigins.includes(origin.toLowerCase())) reply.header('access-control-allow-origin', origin);
}

/** Whether a request is the preflight of a route that accepts public keys (`config.keyResource` 'marketplace'). */
export const isPublicKeyPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' &&
  request.routeOptions.config?.access === 'public' &&
  request.routeOptions.config?.keyResource === 'marketplace';

/** The answer to such a preflight: GET with the key's header, from any origin. */
export function answerPublicKeyPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  addVary(reply, 'Origin');
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin)
    reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', `${API_KEY_HEADER}, authorization`)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
  return reply.code(204).header('content-length', '0').send();
}

/**
 * Registers the preflight of a marketplace read (OPTIONS on the same path, left out of the document). The security
 * plugin answers it before @fastify/cors would (plugins/security.ts), unless the origin is one of CORS_ORIGINS.
 */
export function publicKeyPreflight(app: FastifyInstance, url: string): void {
  app.options(
    url,
    { schema: { hide: true }, config: { access: 'public', keyResource: 'marketplace', tenantParam: 't' } },
    async (request, reply) => answerPublicKeyPreflight(request, reply),
  );
}
