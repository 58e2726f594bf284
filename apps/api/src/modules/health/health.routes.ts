import { dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { createReadiness, READINESS_FRESH_MS, READINESS_STALE_MS } from './readiness.ts';

const status = dataOf(
  z
    .object({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgres']).optional().describe('The database engine; left out by the liveness probe'),
      uptime: z.number().describe('Seconds since the process started'),
    })
    .meta({
      id: 'HealthStatus',
      description: 'The process is up (and, for readiness, its database answers).',
      examples: [{ status: 'ok', database: 'postgres', uptime: 3600.5 }],
    }),
);

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ready = createReadiness(() => app.database.ping(), app.clock);

  // Untyped on purpose: the handler sends the JSON text itself (see below), which the zod type provider would reject.
  app.get(
    '/health/live',
    {
      schema: {
        tags: ['Health'],
        operationId: 'getLiveness',
        summary: 'Liveness',
        description: 'Answers without touching the database.',
        response: { 200: status.describe('Alive'), ...errorResponses(400) },
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
        operationId: 'getReadiness',
        summary: 'Readiness',
        description: `200 when the database answers, 503 otherwise. Concurrent probes share one database check; a success answers for ${READINESS_FRESH_MS} ms, and up to ${READINESS_STALE_MS} ms it still answers at once while a new check runs in the background. After a failed check every probe waits for a fresh one.`,
        response: { 200: status.describe('Ready: the database answers'), ...errorResponses(400, 503) },
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
