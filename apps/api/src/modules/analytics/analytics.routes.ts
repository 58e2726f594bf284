import { ANALYTICS_BATCH_MAX, analyticsBatchResult, analyticsBody, dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserId } from '../../lib/auth-context.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { recordAnalyticsBatch, recordLeadsFromClicks, storeAnalyticsEvents } from './analytics.service.ts';
import { AnalyticsWriter } from './analytics-writer.ts';

/**
 * What the route itself refuses with 400: a body that is neither one event object nor a list of 1 to 50 of them.
 * Each item is then checked against AnalyticsEvent on its own (analytics.service.ts), so one bad event does not
 * lose the others; the published schema is the events' own.
 */
const batchShape = z.union([
  z.array(z.unknown()).min(1, 'send at least one event').max(ANALYTICS_BATCH_MAX, `send at most ${ANALYTICS_BATCH_MAX} events at once`),
  z.record(z.string(), z.unknown()),
]);

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Concurrent batches of a tenant share a transaction (group commit): one insert and one rollup upsert for many.
  const writer = new AnalyticsWriter((tenantId, rows) => storeAnalyticsEvents(app.db, tenantId, rows));

  r.post(
    '/analytics',
    {
      schema: {
        tags: ['Analytics'],
        operationId: 'recordAnalyticsEvents',
        summary: 'Record analytics events',
        description:
          "One event or a batch of up to 50, for the tenant of this address. Open to anonymous visitors and rate-limited; only ids are stored, never personal data. Each event is checked on its own: invalid events (or ones naming another tenant), events from bots (by user agent) and repeats of the same tracking id, type and target within a second are dropped and counted, and the rest are recorded — the answer's `ids` has null where an event was dropped. A body that is not an event or a list of 1 to 50 is refused (400). A signed-in visitor's `cta` event naming an offer also makes them a lead of the offer's institution (origin marketplace), or touches the lead it has.",
        body: analyticsBody,
        response: { 200: dataOf(analyticsBatchResult).describe('Which events were recorded'), ...errorResponses(400, 404, 429) },
      },
      // The body is checked item by item in the service; the route checks only its shape.
      validatorCompiler: ({ schema, method, url, httpPart }) =>
        validatorCompiler({ schema: (httpPart === 'body' ? batchShape : schema) as typeof batchShape, method, url, httpPart }),
      config: { access: 'public', rateLimit: { max: app.config.rateLimit.analyticsMax, timeWindow: '1 minute' } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const body: unknown = request.body;
      const items = Array.isArray(body) ? body : [body];
      const userId = await sessionUserId(app.tokens, request, tenant.id);
      const { result, recorded } = await recordAnalyticsBatch(
        { db: app.db, dedupe: app.dedupeStore, store: writer.write },
        { tenantId: tenant.id, userId, userAgent: request.headers['user-agent'], items, now: app.clock.now() },
      );
      // The events are stored; a lead that cannot be made must not turn the visitor's call into an error.
      await recordLeadsFromClicks(app.db, tenant.id, userId, recorded).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not record the lead of a call-to-action click'),
      );
      return { data: result };
    },
  );
}
