import { analyticsBody, analyticsResult, dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionUserId } from '../../lib/auth-context.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { recordAnalytics, recordLeadsFromClicks } from './analytics.service.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/analytics',
    {
      schema: {
        tags: ['Analytics'],
        operationId: 'recordAnalyticsEvents',
        summary: 'Record analytics events',
        description:
          "One event or a batch of up to 50, for the tenant of this address. Open to anonymous visitors and rate-limited; only ids are stored, never personal data. A signed-in visitor's `cta` event naming an offer also makes them a lead of the offer's institution (origin marketplace), or touches the lead it has.",
        body: analyticsBody,
        response: { 200: dataOf(analyticsResult).describe('The recorded events'), ...errorResponses(400, 404, 429) },
      },
      config: { access: 'public', rateLimit: { max: app.config.rateLimit.analyticsMax, timeWindow: '1 minute' } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const events = Array.isArray(request.body) ? request.body : [request.body];
      const userId = await sessionUserId(app.tokens, request, tenant.id);
      const ids = await recordAnalytics(app.db, tenant.id, userId, events);
      // The events are stored; a lead that cannot be made must not turn the visitor's call into an error.
      await recordLeadsFromClicks(app.db, tenant.id, userId, events).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not record the lead of a call-to-action click'),
      );
      return { data: { ids } };
    },
  );
}
