import { application, dataOf } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams } from '../../lib/route-schema.ts';
import { requireAuth } from '../../lib/auth-context.ts';
import { getApplication } from './applications.service.ts';

const tags = ['Application'];

export async function applicationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/application/:id',
    {
      schema: {
        tags,
        operationId: 'getApplication',
        summary: 'An accreditation application',
        description:
          "The summary (status, type, business, review, approval document) and the wizard's state (current and completed questions, answers).",
        params: idParams('application'),
        response: { 200: dataOf(application).describe('The application'), ...errorResponses(400, 401, 403, 404) },
      },
      config: {
        access: 'signed-in',
        accessNote:
          "Only the applicant and this tenant's owners may read it (platform admins any tenant's); for anyone else it is not found (404).",
      },
    },
    async (request) => ({ data: await getApplication(app.db, requireAuth(request), request.params.id) }),
  );
}
