import { certificateCodeParams, certificateVerification, dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { verifyCertificate } from './certificates.service.ts';

export async function certificateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/certificate/:code',
    {
      schema: {
        tags: ['Application'],
        operationId: 'verifyCertificate',
        summary: 'Check an accreditation certificate',
        description:
          "The public check of an approval letter's verification code, for a sponsor the investor shared it with: the name on it, its issuer, issue and expiry dates, and whether it is valid, expired (a year after the review) or revoked (the application no longer stands approved). Only this tenant's certificates are found. Rate-limited like the other public lookups.",
        params: certificateCodeParams,
        response: { 200: dataOf(certificateVerification).describe('The certificate'), ...errorResponses(400, 404, 429) },
      },
      config: {
        access: 'public',
        accessNote: 'Open to anyone with the code; it shows nothing but the name, issuer, dates and status.',
        rateLimit: { max: app.config.rateLimit.authMax, timeWindow: '1 minute' },
      },
    },
    async (request) => ({
      data: await verifyCertificate({ db: app.db, clock: app.clock }, requireTenant(request).id, request.params.code),
    }),
  );
}
