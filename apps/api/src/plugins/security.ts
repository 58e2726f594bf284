import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Access } from '../lib/access.ts';
import { IDENTITY_INQUIRY_PAGE_PREFIX, PERSONA_HOSTED_FLOW_ORIGIN, VIDEO_PLAYER_ORIGINS } from '@tessera/domain';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config/index.ts';
import { answerPublicKeyPreflight, isPublicKeyPreflight } from '../lib/api-key-cors.ts';
import { AppError } from '../lib/app-error.ts';
import { MemoryAttemptStore, RedisAttemptStore, type AttemptStore } from '../lib/attempt-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where per-account and per-address attempt counts live: Redis when configured (shared by every node), else this process. */
    attemptStore: AttemptStore;
    /** Short-lived keys for dropping repeats (analytics), shared through Redis when configured. */
    dedupeStore: DedupeStore;
  }
}
import { closeRedis, createRedisClient } from '../lib/redis.ts';
import { MemoryDedupeStore, RedisDedupeStore, type DedupeStore } from '../lib/dedupe-store.ts';
import { BOOT_LOADER_CSP_SOURCE } from '../web-shell/boot-loader.ts';
import { EARLY_GETS_SCRIPT_CSP_SOURCE } from '../web-shell/early-gets.ts';
import { MEMBER_SCRIPT_CSP_SOURCE } from '../web-shell/first-screen-member.ts';
import { fallbackRateLimitStore } from './rate-limit-store.ts';

/** Stripe.js and its Payment Element's iframes (issue #23): allowed only when Stripe takes the payments. */
export const STRIPE_JS_ORIGIN = 'https://js.stripe.com';
/** Where Stripe.js sends the card and confirms the SetupIntent from the browser. */
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';
/** Stripe's 3D Secure challenge frames, shown while a card that asks for authentication is confirmed. */
export const STRIPE_HOOKS_ORIGIN = 'https://hooks.stripe.com';

/** Headers with a CSP the app passes, CORS closed unless origins are listed, per-route rate limits. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    // The verify-identity screen frames the built-in inquiry (a page of this app) or Persona's hosted flow (issue #18).
    const identityFrames = ["'self'", ...(opts.config.identity.provider === 'persona' ? [PERSONA_HOSTED_FLOW_ORIGIN] : [])];
    // The billing tab's add-card dialog loads Stripe.js, which frames its Payment Element and calls Stripe's API (issue #23).
    const stripe = opts.config.billing.payments.provider === 'stripe';
    const stripeScripts = stripe ? [STRIPE_JS_ORIGIN] : [];
    const stripeFrames = stripe ? [STRIPE_JS_ORIGIN, STRIPE_HOOKS_ORIGIN] : [];
    const stripeConnect = stripe ? [STRIPE_API_ORIGIN] : [];
    const options = (frameAncestors: string[]): HelmetOptions => ({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The inline scripts, each allowed by its hash: the web app's loader in index.html (boot-loader.ts), and the
          // investor dashboard's first screen, which shows itself for a stored session (first-screen-dashboard.ts).
          scriptSrc: ["'self'", BOOT_LOADER_CSP_SOURCE, MEMBER_SCRIPT_CSP_SOURCE, EARLY_GETS_SCRIPT_CSP_SOURCE, ...stripeScripts],
          // MUI (emotion) injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // Offer and institution videos: the players of the hosts the video embed builds; the subscription agreement's
          // preview (a blob: address the page made from the PDF it fetched, issue #20); no other frame.
          frameSrc: [...VIDEO_PLAYER_ORIGINS, ...identityFrames, 'blob:', ...stripeFrames],
          // 'self' covers the app's own WebSocket (CSP 3); no other host, so injected script has nowhere to send data.
          // With Stripe, its API too (Stripe.js, from the add-card dialog).
          connectSrc: ["'self'", ...stripeConnect],
          frameAncestors,
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.config.env === 'production',
    });
    const headers = securityHeaders(options(["'none'"]));
    // Only the built-in identity inquiry's pages may be framed, and only by this app's own pages.
    const selfFramed = securityHeaders(options(["'self'"]));
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith(IDENTITY_INQUIRY_PAGE_PREFIX) ? selfFramed : headers);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/v1/')) applyCachePolicy(request.routeOptions.config?.access, reply);
      done(null, payload);
    });

    // The preflight of a marketplace read a public API key may make from any site (issue #23, lib/api-key-cors.ts),
    // answered before @fastify/cors would answer it for CORS_ORIGINS only; those origins keep @fastify/cors's answer.
    const corsOrigins = new Set(opts.config.corsOrigins);
    app.addHook('onRequest', (request, reply, done) => {
      if (!isPublicKeyPreflight(request) || corsOrigins.has(String(request.headers.origin ?? ''))) return done();
      // Answered here: the rest of the request does not run.
      answerPublicKeyPreflight(request, reply);
    });
    // Closed by default: without configured origins no CORS headers are sent at all (but for the public-key reads above).
    if (opts.config.corsOrigins.length > 0) await app.register(cors, { origin: opts.config.corsOrigins, credentials: true });

    let redis: Redis | undefined;
    if (opts.config.redisUrl) {
      redis = createRedisClient(opts.config.redisUrl, app.log, 'rate limiting');
      app.addHook('onClose', async () => {
        if (redis) closeRedis(redis);
      });
    }
    const local = new MemoryAttemptStore();
    app.decorate<AttemptStore>(
      'attemptStore',
      redis ? new RedisAttemptStore(redis, local, (err, message) => app.log.warn({ err }, message)) : local,
    );
    const localDedupe = new MemoryDedupeStore();
    app.decorate<DedupeStore>(
      'dedupeStore',
      redis ? new RedisDedupeStore(redis, localDedupe, (err, message) => app.log.warn({ err }, message)) : localDedupe,
    );
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: fallbackRateLimitStore(redis, 'tessera-rl:') } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('rate-limited', `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
    });
  },
  { name: 'security' },
);

/**
 * Responses of the API are never stored by a browser or proxy (they carry PII or are the caller's own) unless a
 * public route chose a caching rule of its own (marketplace and branding media, the tenant's public view) and sets
 * no cookie. A route behind sign-in cannot opt out: whatever it set gives way to `no-store`.
 */
function applyCachePolicy(access: Access | undefined, reply: FastifyReply): void {
  const chosen = reply.getHeader('cache-control');
  const cacheable = access === 'public' && chosen !== undefined && !reply.hasHeader('set-cookie');
  if (cacheable) return;
  if (!String(chosen ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
  // For HTTP/1.0 caches, which ignore Cache-Control.
  reply.header('pragma', 'no-cache');
}

/**
 * helmet's headers for the given options, computed once: the same for every response, so not
 * rebuilt per request (which @fastify/helmet does, at a visible cost on every call).
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
