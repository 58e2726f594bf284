import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config/index.ts';
import { AppError } from '../lib/app-error.ts';
import { closeRedis, createRedisClient } from '../lib/redis.ts';
import { fallbackRateLimitStore } from './rate-limit-store.ts';

/** Headers with a CSP the app passes, CORS closed unless origins are listed, per-route rate limits. */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI (emotion) injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.config.env === 'production',
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });

    // Closed by default: without configured origins no CORS headers are sent at all.
    if (opts.config.corsOrigins.length > 0) await app.register(cors, { origin: opts.config.corsOrigins, credentials: true });

    let redis: Redis | undefined;
    if (opts.config.redisUrl) {
      redis = createRedisClient(opts.config.redisUrl, app.log, 'rate limiting');
      app.addHook('onClose', async () => {
        if (redis) closeRedis(redis);
      });
    }
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
 * helmet's headers for the given options, computed once: the same for every response, so not
 * rebuilt per request (which @fastify/helmet does, at a visible cost on every call).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
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
