import {
  dataOf,
  listOf,
  objectId,
  pageQuery,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_TEXTS,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookDelivery,
  webhookDeliveryListQuery,
  webhookEndpoint,
  webhookEndpointCreateBody,
  webhookEndpointUpdateBody,
  webhookEndpointWithSecret,
  webhookEventCatalogue,
  webhookEventTypeInfo,
} from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Access } from '../../lib/access.ts';
import { NEEDS_USER, requireAuth } from '../../lib/auth-context.ts';
import { created, errorResponses, noContent, tenantParams } from '../../lib/route-schema.ts';
import { requireTenant } from '../../plugins/tenant.ts';
import { WEBHOOK_USER_AGENT } from './webhook-dispatcher.ts';
import * as service from './webhooks.service.ts';

const tags = ['Webhooks'];
const endpointId = objectId.describe("The endpoint's id (24 hexadecimal characters)");
const deliveryId = objectId.describe("The delivery's id (24 hexadecimal characters)");
const institutionParams = tenantParams.extend({ id: objectId.describe("The institution's id (24 hexadecimal characters)") });

const personOnly = `A signed-in person only: an API key is refused with 403 '${NEEDS_USER}'.`;
const stepUpNote = 'Needs a second factor confirmed in the last ten minutes (step-up), as API keys do.';

/** The signature scheme, as integrators read it on the create route (the webhook guide says the same). */
export const SIGNATURE_SCHEME = [
  `Every delivery is a POST of a JSON WebhookEvent with the headers \`${WEBHOOK_HEADERS.signature}\`, \`${WEBHOOK_HEADERS.event}\` (the event type), \`${WEBHOOK_HEADERS.delivery}\` (the delivery id), \`content-type: application/json\` and \`user-agent: ${WEBHOOK_USER_AGENT}\`.`,
  `\`${WEBHOOK_HEADERS.signature}\` is \`t=<unix seconds>,v1=<hex>\`, where the hex is HMAC-SHA256, keyed with the endpoint's signing secret (whsec_…), of the string \`<t>.<raw request body>\`.`,
  `To verify: recompute the HMAC over the exact bytes received, compare it in constant time with v1, and refuse a t more than ${WEBHOOK_TOLERANCE_SECONDS} seconds away from your clock.`,
  `Answer 2xx within ${WEBHOOK_TIMEOUT_MS / 1000} seconds to acknowledge; anything else (a redirect included: they are not followed), or no answer, is retried after ${WEBHOOK_RETRY_SCHEDULE_SECONDS.map((s) => (s < 3600 ? `${s / 60} min` : `${s / 3600} h`)).join(', ')}, then the delivery is failed.`,
  'The event id is the same on every attempt and replay: use it to drop duplicates.',
].join(' ');

const urlRules = `The URL: http or https, at most ${WEBHOOK_LIMITS.url} characters, no user name or password; an address on a private network or this machine (loopback, private, link-local, unique-local, CGNAT, multicast, localhost) is refused with 400 '${WEBHOOK_TEXTS.privateTargetRefused}', and a host name is checked again on every delivery, on each address it resolves to, unless the server sets WEBHOOK_ALLOW_PRIVATE_TARGETS.`;

interface Owner {
  /** Path under /api/v1, with :t (and :id). */
  base: string;
  params: typeof tenantParams | typeof institutionParams;
  word: '' | 'Institution';
  whose: string;
  config: { access: Access; tenantParam: 't'; accessNote?: string };
  ref(request: FastifyRequest): service.ScopeRef;
  location(request: FastifyRequest, endpoint: string): string;
}

const tenantOwners: Access = { roles: ['owner'] };
const managers =
  "The tenant's owners and platform admins, and the owners and editors of the institution's team; its members and viewers get 403, a GP off the team 404, as does an institution of another tenant.";

const OWNERS: Owner[] = [
  {
    base: '/tenant/:t/webhooks',
    params: tenantParams,
    word: '',
    whose: "the tenant's own",
    config: { access: tenantOwners, tenantParam: 't', accessNote: `The tenant's owners and platform admins. ${personOnly}` },
    ref: (request) => ({ kind: 'tenant', tenantId: requireTenant(request).id }),
    location: (request, endpoint) => `/tenant/${requireTenant(request).slug}/webhooks/${endpoint}`,
  },
  {
    base: '/tenant/:t/institutions/:id/webhooks',
    params: institutionParams,
    word: 'Institution',
    whose: "an institution's",
    config: { access: 'signed-in', tenantParam: 't', accessNote: `${managers} ${personOnly}` },
    ref: (request) => ({ kind: 'institution', institutionId: (request.params as { id: string }).id }),
    location: (request, endpoint) =>
      `/tenant/${requireTenant(request).slug}/institutions/${(request.params as { id: string }).id}/webhooks/${endpoint}`,
  },
];

export async function webhooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): service.WebhookDeps => ({
    db: app.db,
    cipher: app.cipher,
    clock: app.clock,
    allowPrivateTargets: app.config.webhooks.allowPrivateTargets,
  });

  r.get(
    '/webhooks/event-types',
    {
      schema: {
        tags,
        operationId: 'listWebhookEventTypes',
        summary: 'The webhook event types',
        description:
          'Every event type an endpoint can receive: its label, what it means, whose endpoints it reaches (the tenant’s; and the institution’s it concerns, for institution events) and a sample of its `data`. webhook.test is sent on demand only. Open to anyone.',
        querystring: pageQuery,
        response: { 200: listOf(webhookEventTypeInfo).describe('A page of the catalogue'), ...errorResponses(400) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const all = webhookEventCatalogue();
      const { page, limit } = request.query;
      return { data: all.slice((page - 1) * limit, page * limit), meta: { page, limit, total: all.length } };
    },
  );

  for (const owner of OWNERS) {
    const params = owner.params;
    const one = params.extend({ endpointId });
    const oneDelivery = one.extend({ deliveryId });
    const op = (verb: string, noun: string) => `${verb}${owner.word}${noun}`;
    const stepUpConfig = { ...owner.config, stepUp: true } as const;

    r.get(
      owner.base,
      {
        schema: {
          tags,
          operationId: op('list', 'WebhookEndpoints'),
          summary: `List ${owner.whose} webhook endpoints`,
          description: `Oldest first (at most ${WEBHOOK_LIMITS.endpointsPerOwner}), each with how its last delivery went. Never the signing secret: only its first characters.`,
          params,
          querystring: pageQuery,
          response: { 200: listOf(webhookEndpoint).describe('A page of endpoints, oldest first'), ...errorResponses(400, 401, 403, 404) },
        },
        config: owner.config,
      },
      async (request) => service.listEndpoints(deps(), requireAuth(request), owner.ref(request), request.query),
    );

    r.post(
      owner.base,
      {
        schema: {
          tags,
          operationId: op('create', 'WebhookEndpoint'),
          summary: `Add ${owner.whose === "the tenant's own" ? 'a tenant' : 'an institution'} webhook endpoint`,
          description: `Registers a URL for the events chosen (at least one; at most ${WEBHOOK_LIMITS.endpointsPerOwner} endpoints here, then 409). ${urlRules} The answer carries the whole signing secret, this once: '${WEBHOOK_TEXTS.secretShownOnce}' ${SIGNATURE_SCHEME} ${stepUpNote}`,
          params,
          body: webhookEndpointCreateBody,
          response: {
            201: dataOf(webhookEndpointWithSecret).describe('The endpoint with its signing secret, shown this once'),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
        config: stepUpConfig,
      },
      async (request, reply) => {
        const endpoint = await service.createEndpoint(deps(), requireAuth(request), owner.ref(request), request.body);
        return created(reply, owner.location(request, endpoint._id), endpoint);
      },
    );

    r.get(
      `${owner.base}/:endpointId`,
      {
        schema: {
          tags,
          operationId: op('get', 'WebhookEndpoint'),
          summary: 'One webhook endpoint',
          description: 'The endpoint and how its last delivery went; never the signing secret.',
          params: one,
          response: { 200: dataOf(webhookEndpoint).describe('The endpoint'), ...errorResponses(400, 401, 403, 404) },
        },
        config: owner.config,
      },
      async (request) => ({
        data: await service.getEndpoint(deps(), requireAuth(request), owner.ref(request), request.params.endpointId),
      }),
    );

    r.put(
      `${owner.base}/:endpointId`,
      {
        schema: {
          tags,
          operationId: op('update', 'WebhookEndpoint'),
          summary: 'Change a webhook endpoint',
          description: `Any of the URL, description, events and enabled. A disabled endpoint receives nothing; its deliveries already queued wait, and are sent once it is enabled again. ${urlRules}`,
          params: one,
          body: webhookEndpointUpdateBody,
          response: { 200: dataOf(webhookEndpoint).describe('The endpoint as changed'), ...errorResponses(400, 401, 403, 404) },
        },
        config: owner.config,
      },
      async (request) => ({
        data: await service.updateEndpoint(deps(), requireAuth(request), owner.ref(request), request.params.endpointId, request.body),
      }),
    );

    r.delete(
      `${owner.base}/:endpointId`,
      {
        schema: {
          tags,
          operationId: op('delete', 'WebhookEndpoint'),
          summary: 'Delete a webhook endpoint',
          description: `The endpoint and its deliveries are deleted; those not yet sent never are. ${stepUpNote}`,
          params: one,
          response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
        },
        config: stepUpConfig,
      },
      async (request, reply) => {
        await service.deleteEndpoint(deps(), requireAuth(request), owner.ref(request), request.params.endpointId);
        return reply.status(204).send(null);
      },
    );

    r.post(
      `${owner.base}/:endpointId/rotate-secret`,
      {
        schema: {
          tags,
          operationId: op('rotate', 'WebhookSecret'),
          summary: "Rotate a webhook endpoint's signing secret",
          description: `A new signing secret, in this answer only; every delivery from now on (retries of earlier events included) is signed with it, and the old one stops at once. ${stepUpNote}`,
          params: one,
          response: {
            200: dataOf(webhookEndpointWithSecret).describe('The endpoint with its new signing secret, shown this once'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
        config: stepUpConfig,
      },
      async (request) => ({
        data: await service.rotateSecret(deps(), requireAuth(request), owner.ref(request), request.params.endpointId),
      }),
    );

    r.post(
      `${owner.base}/:endpointId/test`,
      {
        schema: {
          tags,
          operationId: op('test', 'WebhookEndpoint'),
          summary: 'Send a test event',
          description:
            "Queues a webhook.test event for this endpoint, whatever events it subscribed to, and answers 202 with the delivery; the dispatcher sends it within a moment (a disabled endpoint's waits until it is enabled). Read the delivery for the receiver's answer.",
          params: one,
          response: { 202: dataOf(webhookDelivery).describe('The queued delivery'), ...errorResponses(400, 401, 403, 404) },
        },
        config: owner.config,
      },
      async (request, reply) => {
        const delivery = await service.sendTestEvent(deps(), requireAuth(request), owner.ref(request), request.params.endpointId);
        return reply.status(202).send({ data: delivery });
      },
    );

    r.get(
      `${owner.base}/:endpointId/deliveries`,
      {
        schema: {
          tags,
          operationId: op('list', 'WebhookDeliveries'),
          summary: "A webhook endpoint's deliveries",
          description: 'Newest first, paged, optionally of one status or event type; each with its attempts and the answers received.',
          params: one,
          querystring: webhookDeliveryListQuery,
          response: { 200: listOf(webhookDelivery).describe('A page of deliveries'), ...errorResponses(400, 401, 403, 404) },
        },
        config: owner.config,
      },
      async (request) => service.listDeliveries(deps(), requireAuth(request), owner.ref(request), request.params.endpointId, request.query),
    );

    r.get(
      `${owner.base}/:endpointId/deliveries/:deliveryId`,
      {
        schema: {
          tags,
          operationId: op('get', 'WebhookDelivery'),
          summary: 'One webhook delivery',
          description:
            'The event sent, its status, the next attempt if any, and every attempt with the status, start of the body and time of the answer, or why none came.',
          params: oneDelivery,
          response: { 200: dataOf(webhookDelivery).describe('The delivery'), ...errorResponses(400, 401, 403, 404) },
        },
        config: owner.config,
      },
      async (request) => ({
        data: await service.getDelivery(
          deps(),
          requireAuth(request),
          owner.ref(request),
          request.params.endpointId,
          request.params.deliveryId,
        ),
      }),
    );

    r.post(
      `${owner.base}/:endpointId/deliveries/:deliveryId/replay`,
      {
        schema: {
          tags,
          operationId: op('replay', 'WebhookDelivery'),
          summary: 'Replay a webhook delivery',
          description:
            'Queues a new delivery of the same event (same event id and payload, freshly signed) to this endpoint, whatever became of the first, and answers 202 with it; it names the delivery it replays in replayOf.',
          params: oneDelivery,
          response: { 202: dataOf(webhookDelivery).describe('The new delivery'), ...errorResponses(400, 401, 403, 404) },
        },
        config: owner.config,
      },
      async (request, reply) => {
        const delivery = await service.replayDelivery(
          deps(),
          requireAuth(request),
          owner.ref(request),
          request.params.endpointId,
          request.params.deliveryId,
        );
        return reply.status(202).send({ data: delivery });
      },
    );
  }
}
