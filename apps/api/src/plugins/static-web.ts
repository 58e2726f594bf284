import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

/** Serves the built web app; unknown non-API paths get index.html (the SPA routes), unknown API paths a 404 envelope. */
export const staticWebPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string }) => {
    const hasWeb = existsSync(join(opts.webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        // Files are looked up per request, so a rebuilt web app is served without a restart.
        wildcard: true,
        index: ['index.html'],
        // The web build writes .br and .gz copies of its text files; a browser that accepts one gets it.
        preCompressed: true,
        setHeaders: (res, path) => {
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ webDist: opts.webDist }, 'web app not built: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || path === '/api' || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
        throw new AppError('not-found', `No route ${request.method} ${path}`);
      }
      // Missing static files should not turn into the app's HTML.
      if (/\.[a-z0-9]{1,8}$/i.test(path) && !path.endsWith('.html')) throw new AppError('not-found', `No file ${path}`);
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    });
  },
  { name: 'static-web' },
);
