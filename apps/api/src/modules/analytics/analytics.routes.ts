import { analyticsBody, analyticsResult, dataOf } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { recordAnalytics } from './analytics.service.ts';

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in user's id when a valid token for this tenant comes along; a user id in the body alone is not trusted. */
  async function callerId(request: FastifyRequest, tenantId: string): Promise<string | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const outcome = await app.tokens.verify(header.slice(7).trim(), 'session');
    return outcome.ok && outcome.payload.tenantId === tenantId && typeof outcome.payload.userId === 'string' ? outcome.payload.userId : null;
  }

  r.post('/analytics', {
    schema: {
      tags: ['Analytics'], summary: 'Record analytics events',
      description: describe('One event or a batch of up to 50, for the tenant of this address. Open to anonymous visitors and rate-limited; only ids are stored, never personal data.', 'public'),
      body: analyticsBody, response: { 200: dataOf(analyticsResult), ...errorResponses(400, 404, 429) },
    },
    config: { access: 'public', rateLimit: { max: app.config.rateLimit.analyticsMax, timeWindow: '1 minute' } },
  }, async (request) => {
    const tenant = requireTenant(request);
    const events = Array.isArray(request.body) ? request.body : [request.body];
    const ids = await recordAnalytics(app.db, tenant.id, await callerId(request, tenant.id), events);
    return { data: { ids } };
  });
}
