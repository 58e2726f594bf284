import { API_KEY_HEADER, apiKeyKindOf } from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/index.ts';
import type { Clock } from '../lib/clock.ts';
import { preferredEncoding } from '../lib/accept-encoding.ts';
import { CompressedCopies, etagOf, MemoryPublicCache, RedisPublicCache, type CachedAnswer, type PublicCache } from '../lib/public-cache.ts';
import { closeRedis, createRedisClient } from '../lib/redis.ts';
import { COMPRESS_JSON_MIN_BYTES, compressJson, varyWith } from './compress-json.ts';

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    /** The public cache's key of this request's answer, when it may be stored (a GET of a cached route). */
    publicCacheKey: string | null;
    /**
     * Set by a handler that knows its change shows nowhere in the public answers (say, a profile edit of someone on no
     * institution's team): the tenant's version is not bumped, so the marketplace stays cached.
     */
    keepsPublicAnswers: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The answer is the same for everyone who asks on the tenant, signed in or not (the marketplace: its handlers never
     * read the caller): kept in the public cache and answered with an ETag (304 for a matching If-None-Match). A route
     * whose answer depends on the caller must not declare it. Requests presenting an API key skip it (the key is
     * checked and its use recorded on every call).
     */
    publicCache?: boolean;
  }
}

/**
 * Mutations that never change what the public answers show: analytics, sign-in and session work, the advisor, and a
 * person's own records. Every other successful mutation of a tenant bumps its version (a superset of what the
 * marketplace shows: an extra bump costs a cache miss, a missing one would serve a stale page). Sign-up and accepting
 * an invitation are not listed: they can put an invited team member on an institution's public team.
 */
const KEEPS_PUBLIC_ANSWERS = [
  '/api/v1/analytics',
  '/api/v1/auth/signin',
  '/api/v1/auth/token-refresh',
  '/api/v1/auth/password-',
  '/api/v1/auth/signout',
  '/api/v1/auth/sessions',
  '/api/v1/auth/mfa/',
  '/api/v1/auth/step-up',
  '/api/v1/aiadvisor',
  '/api/v1/sessions',
  '/api/v1/mfa',
  '/api/v1/individual-profile',
  '/api/v1/legal-entity-profile',
  '/api/v1/financial-account',
  '/api/v1/business',
  '/api/v1/gov-photo-id',
];

/** Routes (by their pattern) whose changes the public answers never show: the leads CRM is the sponsors' own. */
const KEEPS_PUBLIC_ROUTES = ['/api/v1/tenant/:t/leads'];

/** Per node, for the compressed copies of cached answers (a marketplace page of 20 offers is 5–10 KB compressed). */
const COMPRESSED_COPIES_MAX_BYTES = 16 * 1024 * 1024;

/** Listings show open or closed by the dates: an answer is kept for the minute it was read in, at most. */
const MINUTE_MS = 60_000;

/** The path and its query parameters sorted, so `?a=1&b=2` and `?b=2&a=1` share an entry. */
function normalisedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  return `${url.slice(0, at)}?${params.toString()}`;
}

/** An API key (a public one in particular) is checked and its use recorded on every call: such requests skip the cache. */
function presentsApiKey(request: FastifyRequest): boolean {
  if (request.headers[API_KEY_HEADER] !== undefined) return true;
  const header = request.headers.authorization;
  if (!header) return false;
  const value = header.startsWith('Bearer ') ? header.slice(7).trim() : header.trim();
  return apiKeyKindOf(value) !== null;
}

const matches = (request: FastifyRequest, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .includes(etag);

/**
 * The public cache (#25): GETs of routes with `config.publicCache` (answers that do not depend on who asks) are
 * answered from it when it holds the tenant's current version of the answer, else from the handler and stored; a
 * session token changes nothing (those routes never read it), an API key skips the cache; successful mutations bump the tenant's
 * version before their answer is sent (their changes are committed by then), so the next request on any node sees
 * them. Registered before compress-json, so it stores the JSON text, not its gzip.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; clock: Clock }) => {
    const ttl = opts.config.publicCache.ttlSeconds;
    let cache: PublicCache;
    if (opts.config.redisUrl) {
      const redis = createRedisClient(opts.config.redisUrl, app.log, 'the public cache');
      app.addHook('onClose', async () => closeRedis(redis));
      cache = new RedisPublicCache(redis, ttl, (err, message) => app.log.warn({ err }, message));
      // Tenants change on one node and are read on all: the tenant cache checks the tenant's version too.
      app.tenantCache.versionOf = (tenantId) => cache.version(tenantId);
    } else cache = new MemoryPublicCache(ttl);
    app.decorate('publicCache', cache);
    const compressed = new CompressedCopies(COMPRESSED_COPIES_MAX_BYTES);

    /**
     * A hit's body as the request accepts it: compressed as compress-json would (which then leaves it alone, having
     * a content-encoding), from this node's copy when there is one.
     */
    async function sendHit(request: FastifyRequest, reply: FastifyReply, hit: CachedAnswer): Promise<void> {
      reply.type('application/json; charset=utf-8');
      const size = Buffer.byteLength(hit.body);
      if (size < COMPRESS_JSON_MIN_BYTES) return void reply.send(hit.body);
      reply.header('vary', varyWith(reply.getHeader('vary')));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding === 'identity') return void reply.send(hit.body);
      let body = compressed.get(hit.etag, encoding);
      if (!body) {
        body = await compressJson(hit.body, encoding, size);
        compressed.set(hit.etag, encoding, body);
      }
      reply.header('content-encoding', encoding).send(body);
    }
    app.decorateRequest('publicCacheKey', null);
    app.decorateRequest('keepsPublicAnswers', false);
    // One answer for everyone: only a public route (which checks no session) may be cached, or a member's view could leak.
    app.addHook('onRoute', (route) => {
      if (route.config?.publicCache && route.config.access !== 'public')
        throw new Error(`Route ${[route.method].flat().join(',')} ${route.url} is cached for everyone but is not public`);
    });

    /** Answers from the cache when it holds the answer (true), else marks where to store the handler's (false). */
    async function answerFromCache(request: FastifyRequest, reply: FastifyReply, tenantId: string): Promise<boolean> {
      // The tenant plugin read the version a moment ago (with Redis): one round trip per request, not two.
      const seen = request.tenantVersion;
      const version = seen && seen.tenantId === tenantId ? seen.version : await cache.version(tenantId);
      if (version === undefined) return false;
      const key = `${tenantId}:${version}:${Math.floor(opts.clock.now().getTime() / MINUTE_MS)}:${normalisedUrl(request.url)}`;
      // Browsers keep the answer and ask again each time with its ETag (a 304 costs no body).
      reply.header('cache-control', 'public, max-age=0, must-revalidate');
      reply.header('vary', 'Authorization');
      const hit = await cache.get(key);
      if (!hit) {
        request.publicCacheKey = key;
        return false;
      }
      reply.header('etag', hit.etag);
      reply.header('x-cache', 'hit');
      if (matches(request, hit.etag)) reply.code(304).send();
      else await sendHit(request, reply, hit);
      return true;
    }

    // preValidation: after the tenant is resolved (onRequest), before the query is validated and the handler runs.
    // Callback hooks: every request passes them, most with nothing to do, and a promise each is not free.
    app.addHook('preValidation', (request, reply, done) => {
      const tenantId = request.tenant?.id;
      if (!cache.enabled || request.method !== 'GET' || !request.routeOptions.config.publicCache || !tenantId || presentsApiKey(request))
        return done();
      // Answered from the cache: the rest of the request does not run.
      answerFromCache(request, reply, tenantId).then((answered) => {
        if (!answered) done();
      }, done);
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const key = request.publicCacheKey;
      if (key && reply.statusCode === 200 && typeof payload === 'string') {
        const etag = etagOf(payload);
        reply.header('etag', etag);
        reply.header('x-cache', 'miss');
        const body = matches(request, etag) ? '' : payload;
        if (body === '') reply.code(304);
        cache.set(key, { etag, body: payload }).then(() => done(null, body), done);
        return;
      }
      if (
        request.tenant &&
        reply.statusCode < 400 &&
        request.method !== 'GET' &&
        request.method !== 'HEAD' &&
        request.method !== 'OPTIONS' &&
        !request.keepsPublicAnswers &&
        !KEEPS_PUBLIC_ANSWERS.some((prefix) => request.url.startsWith(prefix)) &&
        !KEEPS_PUBLIC_ROUTES.some((prefix) => request.routeOptions.url?.startsWith(prefix))
      ) {
        cache.bump(request.tenant.id).then(() => done(null, payload), done);
        return;
      }
      done(null, payload);
    });
  },
  { name: 'public-cache', dependencies: ['tenant'] },
);
