import { dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { describe, errorResponses } from '../../lib/route-schema.ts';

const status = dataOf(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']).optional(), uptime: z.number() }));

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/health/live', {
    schema: { tags: ['Health'], summary: 'Liveness', description: describe('Answers without touching the database.', 'public'), response: { 200: status } },
    config: { access: 'public' },
  }, async () => ({ data: { status: 'ok' as const, uptime: process.uptime() } }));

  r.get('/health', {
    schema: { tags: ['Health'], summary: 'Readiness', description: describe('200 when the database answers, 503 otherwise.', 'public'), response: { 200: status, ...errorResponses(503) } },
    config: { access: 'public' },
  }, async (request) => {
    try {
      await withTimeout(app.database.ping(), 2_000);
    } catch (err) {
      request.log.warn({ err }, 'database unreachable');
      throw new AppError('unavailable', 'The database is unreachable');
    }
    return { data: { status: 'ok' as const, database: app.database.kind, uptime: process.uptime() } };
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
