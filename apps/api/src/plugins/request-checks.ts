import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';

/** The media types a route's body may have: its `consumes` (multipart uploads), else JSON when it takes a body. */
export function acceptedMediaTypes(request: FastifyRequest): readonly string[] {
  const schema = request.routeOptions.schema;
  if (schema?.consumes?.length) return schema.consumes;
  return schema?.body ? ['application/json'] : [];
}

/** The 415 for a body of a type the route does not take, naming the types it does. */
export function unsupportedMediaType(request: FastifyRequest): AppError {
  const sent = mediaTypeOf(request.headers['content-type']);
  const accepted = acceptedMediaTypes(request);
  const take = accepted.length ? accepted.join(' or ') : 'no body';
  return new AppError('unsupported-media-type', `Unsupported content type${sent ? ` ${sent}` : ''}: send ${take}`);
}

const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? '';

/** The query keys a querystring schema defines, or null when it takes any (a catch-all). */
function definedKeys(schema: unknown): Set<string> | null {
  if (!schema) return new Set();
  if (schema instanceof z.ZodPipe) return definedKeys(schema.in);
  if (!(schema instanceof z.ZodObject)) return null;
  const catchall = schema.def.catchall;
  if (catchall && !(catchall instanceof z.ZodNever)) return null;
  return new Set(Object.keys(schema.shape));
}

/**
 * What the route schemas do not say by themselves, checked the same way on every API route: a body of a media type
 * the route does not take is 415 (Fastify would read text/plain as a string, or a form's multipart as no body, and
 * answer 400), and a query parameter the route does not define is 400 (instead of being ignored in silence).
 */
export const requestChecksPlugin = fp(
  async (app: FastifyInstance) => {
    // Callback hooks: they run on every request, and a promise each is not free.
    app.addHook('preParsing', (request, _reply, payload, done) => {
      const type = mediaTypeOf(request.headers['content-type']);
      if (!type || !isApiRoute(request)) return done(null, payload);
      const accepted = acceptedMediaTypes(request);
      if (accepted.length && !accepted.includes(type)) return done(unsupportedMediaType(request));
      done(null, payload);
    });

    // After the access check and validation, so a caller learns nothing of a route it may not call.
    app.addHook('preHandler', (request, _reply, done) => {
      const at = request.url.indexOf('?');
      if (at === -1 || !isApiRoute(request)) return done();
      const allowed = definedKeys(request.routeOptions.schema?.querystring);
      if (!allowed) return done();
      const unknown = [...new Set(new URLSearchParams(request.url.slice(at + 1)).keys())].filter((key) => !allowed.has(key));
      if (unknown.length > 0) return done(new AppError('validation', unknown.map((key) => `query.${key}: unknown parameter`).join('; ')));
      done();
    });
  },
  { name: 'request-checks' },
);

/** An API route that declares who may call it (the reference's own pages are left alone). */
const isApiRoute = (request: FastifyRequest) =>
  request.routeOptions.url?.startsWith('/api/v1/') === true && request.routeOptions.config.access !== undefined;
