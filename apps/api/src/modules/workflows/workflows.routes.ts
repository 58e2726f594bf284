import {
  completeWorkflowStepBody,
  createWorkflowBody,
  dataOf,
  listOf,
  objectId,
  timelineEvent,
  timelineQuery,
  updateWorkflowBody,
  updateWorkflowStepBody,
  workflow,
  workflowListQuery,
  workflowStepActionBody,
  workflowSummary,
  workflowTemplates,
} from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/auth-context.ts';
import { created, errorResponses, noContent, tenantParams } from '../../lib/route-schema.ts';
import * as steps from './workflow-steps.service.ts';
import * as service from './workflows.service.ts';

const tags = ['Workflow'];
const scope = '`{t}` is the id or slug of the tenant of the address; any other is 404, as is a workflow of another tenant.';
const readers =
  "The workflow's owner (the investor), and in Raise mode the team of its offer's institution and the tenant's owners; anyone else gets 404, as for a missing workflow.";
const ownerOnly =
  "Only the workflow's owner (the investor) answers its steps: the institution's team gets 403; anyone else 404, as for a missing workflow.";
const params = tenantParams.extend({ workflowId: objectId.describe("The workflow's id (24 hexadecimal characters)") });
const stepParams = params.extend({
  stepId: z
    .string()
    .min(1)
    .max(64)
    .describe("The step's key, as the workflow's template names it (`diligence`, `contribution`, … `summary` for an investment)"),
});
const workflowData = dataOf(workflow).describe('The workflow');
const config = (accessNote: string) => ({ access: 'signed-in' as const, tenantParam: 't', accessNote });

export async function workflowsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: service.WorkflowDeps = { db: app.db, clock: app.clock, mailer: app.mailer };

  r.get(
    '/tenant/:t/workflows/templates',
    {
      schema: {
        tags,
        operationId: 'listWorkflowTemplates',
        summary: 'Workflow templates',
        description: `Every kind of workflow, keyed by type, with the steps a new one starts with; accreditation and identity verification cannot be created here (creatable false, with the reason in info). ${scope}`,
        params: tenantParams,
        response: { 200: dataOf(workflowTemplates).describe('The templates by type'), ...errorResponses(400, 401, 403, 404) },
      },
      config: config('Any signed-in member.'),
    },
    async () => ({ data: service.listTemplates() }),
  );

  r.get(
    '/tenant/:t/workflows',
    {
      schema: {
        tags,
        operationId: 'listWorkflows',
        summary: 'Workflows',
        description: `The caller's own workflows in this tenant, newest first; with \`institution\`, the institution's view in Raise mode: every workflow for its offers (\`owner\` then narrows to one person; without \`institution\` it is 400). Optionally of one \`status\`, \`type\` and \`offer\`. Each with its offer's and institution's names, the amount, the percent complete (completed steps over all, rounded down) and the next step. ${scope}`,
        params: tenantParams,
        querystring: workflowListQuery,
        response: { 200: listOf(workflowSummary).describe('A page of workflows'), ...errorResponses(400, 401, 403, 404) },
      },
      config: config(
        "Any signed-in member, who sees only their own workflows. The institution's view (`institution`) is Raise mode only (others get 403) and for the institution's team and the tenant's owners (a GP off the team gets 404).",
      ),
    },
    async (request) => service.listWorkflows(deps, requireAuth(request), request.query),
  );

  r.post(
    '/tenant/:t/workflows',
    {
      schema: {
        tags,
        operationId: 'createWorkflow',
        summary: 'Start a workflow',
        description: `An investment in an offer ('Invest Now'): the offer must be on the marketplace (or, in Raise mode, of an institution the caller works on), else 400. The name defaults to 'Investment - ' plus the offer name, the amount to the lowest minimum across the offer's classes; the offer's visible documents and e-sign template id are copied into config. \`owner\`, when someone else, is for an institution's lead: the caller must edit the offer's institution in Raise mode, and the person must be an active member of the tenant, else 400 'Lead must have a tenant member'. One investment in progress per person and offer: another is 409 naming it. Accreditation and identity verification cannot be created (400). ${scope}`,
        params: tenantParams,
        body: createWorkflowBody,
        response: { 201: workflowData, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: config(
        "Any signed-in member for themself; for someone else, the offer institution's team (not its viewers) and the tenant's owners in Raise mode (others get 403).",
      ),
    },
    async (request, reply) => {
      const workflow = await service.createWorkflow(deps, requireAuth(request), request.body);
      return created(reply, `/tenant/${request.params.t}/workflows/${workflow._id}`, workflow);
    },
  );

  r.get(
    '/tenant/:t/workflows/:workflowId',
    {
      schema: {
        tags,
        operationId: 'getWorkflow',
        summary: 'A workflow',
        description: `The workflow with its steps (each with its status and data), config and refs. ${scope}`,
        params,
        response: { 200: workflowData, ...errorResponses(400, 401, 403, 404) },
      },
      config: config(readers),
    },
    async (request) => ({ data: await service.getWorkflow(deps, requireAuth(request), request.params.workflowId) }),
  );

  r.put(
    '/tenant/:t/workflows/:workflowId',
    {
      schema: {
        tags,
        operationId: 'updateWorkflow',
        summary: "A workflow's name and description",
        description: `Renames or describes the workflow; fields left out stay. ${scope}`,
        params,
        body: updateWorkflowBody,
        response: { 200: workflowData, ...errorResponses(400, 401, 403, 404) },
      },
      config: config("Only the workflow's owner: the institution's team gets 403; anyone else 404."),
    },
    async (request) => ({
      data: await service.updateWorkflow(deps, requireAuth(request), request.params.workflowId, request.body),
    }),
  );

  r.delete(
    '/tenant/:t/workflows/:workflowId',
    {
      schema: {
        tags,
        operationId: 'deleteWorkflow',
        summary: 'Delete a workflow',
        description: `The investor deletes their own workflow until the subscription is signed (then 409). The institution's team and the tenant's owners may delete any workflow for the institution's offers, signed or not (a withdrawn or duplicate subscription). ${scope}`,
        params,
        response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
      config: config(
        "The workflow's owner, and in Raise mode the team of its offer's institution (its viewers get 403) and the tenant's owners; anyone else 404.",
      ),
    },
    async (request, reply) => {
      await service.deleteWorkflow(deps, requireAuth(request), request.params.workflowId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/tenant/:t/workflows/:workflowId/events',
    {
      schema: {
        tags,
        operationId: 'listWorkflowEvents',
        summary: "A workflow's history",
        description: `Timeline events of the workflow (its creation and every step change, with old and new values), searchable, sortable, paginated. ${scope}`,
        params,
        querystring: timelineQuery,
        response: { 200: listOf(timelineEvent).describe('A page of timeline events'), ...errorResponses(400, 401, 403, 404) },
      },
      config: config(readers),
    },
    async (request) => service.listWorkflowEvents(deps, requireAuth(request), request.params.workflowId, request.query),
  );

  const stepErrors = errorResponses(400, 401, 403, 404, 409);
  const completedNote = 'A completed workflow refuses every step change with 409; an unknown step is 404.';

  r.put(
    '/tenant/:t/workflows/:workflowId/steps/:stepId',
    {
      schema: {
        tags,
        operationId: 'updateWorkflowStep',
        summary: "Save part of a step's data",
        description: `Saves the given fields of the step's data without completing it (each checked with the step's schema; unknown fields are 400): the step is in progress, the current step stays. Diligence's viewedDocuments and downloadedDocuments must be the offer's documents and add to what is recorded. E-signature is written by signing only (400). ${completedNote} ${scope}`,
        params: stepParams,
        body: updateWorkflowStepBody,
        response: { 200: workflowData, ...stepErrors },
      },
      config: config(ownerOnly),
    },
    async (request) => ({
      data: await steps.updateWorkflowStep(deps, requireAuth(request), request.params.workflowId, request.params.stepId, request.body.data),
    }),
  );

  r.put(
    '/tenant/:t/workflows/:workflowId/steps/:stepId/complete',
    {
      schema: {
        tags,
        operationId: 'completeWorkflowStep',
        summary: 'Complete a step',
        description: `Checks the step's whole data with its schema (400 naming each field) and the server's rules — contribution: a class of the offer, an amount within its minimum and maximum and a multiple of its price per unit (which sets the units and the workflow's amount); ownership and profiles fit the investor type, the profiles the caller's own and complete; qualification: a Rule 506(c) offer takes only the caller's approved, unexpired accreditation (the high-minimum path only at or above its minimum); accounts the caller's own — then stores it and moves the current step to the next one not done. The summary needs every other step done (the subscription signed) and completes the workflow, mailing the institution's team. E-signature is completed by signing only (400). ${completedNote} ${scope}`,
        params: stepParams,
        body: completeWorkflowStepBody,
        response: { 200: workflowData, ...stepErrors },
      },
      config: config(ownerOnly),
    },
    async (request) => ({
      data: await steps.completeWorkflowStep(
        deps,
        requireAuth(request),
        { origin: request.linkOrigin },
        request.params.workflowId,
        request.params.stepId,
        request.body.data,
      ),
    }),
  );

  r.put(
    '/tenant/:t/workflows/:workflowId/steps/:stepId/skip',
    {
      schema: {
        tags,
        operationId: 'skipWorkflowStep',
        summary: 'Skip a step',
        description: `Marks the step skipped (back passes over it) and moves on; the summary and the e-signature cannot be skipped (400). ${completedNote} ${scope}`,
        params: stepParams,
        body: workflowStepActionBody,
        response: { 200: workflowData, ...stepErrors },
      },
      config: config(ownerOnly),
    },
    async (request) => ({
      data: await steps.skipWorkflowStep(deps, requireAuth(request), request.params.workflowId, request.params.stepId),
    }),
  );

  r.put(
    '/tenant/:t/workflows/:workflowId/steps/:stepId/reset',
    {
      schema: {
        tags,
        operationId: 'resetWorkflowStep',
        summary: 'Reset a step',
        description: `Clears the step's data and makes it the current step again; a signed e-signature step cannot be reset (409). ${completedNote} ${scope}`,
        params: stepParams,
        body: workflowStepActionBody,
        response: { 200: workflowData, ...stepErrors },
      },
      config: config(ownerOnly),
    },
    async (request) => ({
      data: await steps.resetWorkflowStep(deps, requireAuth(request), request.params.workflowId, request.params.stepId),
    }),
  );
}
