import { listOf, workflowListQuery, workflowSummary } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../lib/auth-context.ts';
import { errorResponses, tenantParams } from '../../lib/route-schema.ts';
import * as service from './workflows.service.ts';

const tags = ['Workflow'];

export async function workflowsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: service.WorkflowDeps = { db: app.db };

  r.get(
    '/tenant/:t/workflows',
    {
      schema: {
        tags,
        operationId: 'listWorkflows',
        summary: "The caller's workflows",
        description:
          "The caller's own workflows in this tenant, newest first, optionally of one `status` and `type`; each with its offer's and institution's names, the amount, the percent complete (completed steps over all, rounded down) and the next step. `{t}` is the id or slug of the tenant of the address; any other is 404.",
        params: tenantParams,
        querystring: workflowListQuery,
        response: { 200: listOf(workflowSummary).describe('A page of workflows'), ...errorResponses(400, 401, 403, 404) },
      },
      config: {
        access: 'signed-in',
        tenantParam: 't',
        accessNote: "Any signed-in member, who sees only their own workflows (another person's are never listed).",
      },
    },
    async (request) => service.listWorkflows(deps, requireAuth(request), request.query),
  );
}
