import { application, dataOf, objectId } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, errorResponses } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { getApplication } from './applications.service.ts';

const tags = ['Application'];
const params = z.object({ id: objectId });

export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/application/:id',
    {
      schema: {
        tags,
        summary: 'An accreditation application',
        description: describe(
          "The summary (status, type, business, review, approval document) and the wizard's state (current and completed questions, answers). Only the applicant and this tenant's owners may read it (platform admins any tenant's); for anyone else it is not found.",
          'signed-in',
        ),
        params,
        response: { 200: dataOf(application), ...errorResponses(400, 401, 403, 404) },
      },
      config: { access: 'signed-in' },
    },
    async (request) => ({ data: await getApplication(app.db, requireAuth(request), request.params.id) }),
  );
}
