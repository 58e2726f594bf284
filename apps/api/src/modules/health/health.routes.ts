import { dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { createReadiness, READINESS_FRESH_MS, READINESS_STALE_MS } from './readiness.ts';

const status = dataOf(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']).optional(), uptime: z.number() }));

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ready = createReadiness(() => app.database.ping(), app.clock);

  // Untyped on purpose: the handler sends the JSON text itself (see below), which the zod type provider would reject.
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['Health'],
        summary: 'Liveness',
        description: describe('Answers without touching the database.', 'public'),
        response: { 200: status },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      // Probed many times a second: written directly, as the schema above describes it, instead of through the validating serializer.
      return reply.type('application/json; charset=utf-8').send(`{"data":{"status":"ok","uptime":${process.uptime()}}}`);
    },
  );

  r.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Readiness',
        description: describe(
          `200 when the database answers, 503 otherwise. Concurrent probes share one database check; a success answers for ${READINESS_FRESH_MS} ms, and up to ${READINESS_STALE_MS} ms it still answers at once while a new check runs in the background. After a failed check every probe waits for a fresh one.`,
          'public',
        ),
        response: { 200: status, ...errorResponses(503) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      try {
        await ready();
      } catch (err) {
        request.log.warn({ err }, 'database unreachable');
        throw new AppError('unavailable', 'The database is unreachable');
      }
      return { data: { status: 'ok' as const, database: app.database.kind, uptime: process.uptime() } };
    },
  );
}
