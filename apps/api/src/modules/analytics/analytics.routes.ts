import { analyticsBody, analyticsResult, dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionUserId } from '../../lib/auth-context.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { recordAnalytics } from './analytics.service.ts';

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
          'One event or a batch of up to 50, for the tenant of this address. Open to anonymous visitors and rate-limited; only ids are stored, never personal data.',
        body: analyticsBody,
        response: { 200: dataOf(analyticsResult).describe('The recorded events'), ...errorResponses(400, 404, 429) },
      },
      config: { access: 'public', rateLimit: { max: app.config.rateLimit.analyticsMax, timeWindow: '1 minute' } },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const events = Array.isArray(request.body) ? request.body : [request.body];
      const ids = await recordAnalytics(app.db, tenant.id, await sessionUserId(app.tokens, request, tenant.id), events);
      return { data: { ids } };
    },
  );
}
