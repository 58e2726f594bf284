import { z } from 'zod';
import { timestamp } from './http.ts';
import { objectId } from './ids.ts';

/**
 * Webhooks (issue #23): a tenant or one of its institutions registers HTTPS endpoints for events. Every delivery is a
 * POST of a JSON event, signed with the endpoint's secret (HMAC-SHA256 over `${timestamp}.${body}`), retried with
 * backoff until the receiver answers 2xx, recorded with its responses, and can be replayed.
 */

export const WEBHOOK_EXAMPLE_IDS = {
  endpoint: '6745a1c2e4b0a1b2c3d4e801',
  delivery: '6745a1c2e4b0a1b2c3d4e802',
  tenant: '6745a1c2e4b0a1b2c3d4e5a1',
  institution: '6745a1c2e4b0a1b2c3d4e5c1',
} as const;

export const webhookEventType = z.enum([
  'lead.created',
  'workflow.completed',
  'application.status_changed',
  'offer.published',
  'invoice.paid',
  'webhook.test',
]);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** Which endpoints an event type reaches: the tenant's, and the institution's it concerns (institution events). */
export type WebhookAudience = 'tenant' | 'tenant-and-institution';

export interface WebhookEventInfo {
  label: string;
  description: string;
  audience: WebhookAudience;
  /** The `data` of a sample event, as the docs show it. */
  sample: Record<string, unknown>;
}

/** Every event type, with what it means and a sample: the API, the settings page and the webhook guide read this. */
export const WEBHOOK_EVENTS: Record<WebhookEventType, WebhookEventInfo> = {
  'lead.created': {
    label: 'Lead created',
    description: 'A lead was added to an institution: by hand, from the marketplace, or by a private API key.',
    audience: 'tenant-and-institution',
    sample: {
      lead: {
        _id: '6745a1c2e4b0a1b2c3d4e611',
        institution: WEBHOOK_EXAMPLE_IDS.institution,
        firstname: 'Ada',
        lastname: 'Moreno',
        email: 'ada.moreno@example.com',
        origin: 'marketplace',
        createdAt: '2026-11-27T09:30:00.000Z',
      },
    },
  },
  'workflow.completed': {
    label: 'Workflow completed',
    description: "An investment (or other) workflow reached its last step; for an institution's offer, the institution hears too.",
    audience: 'tenant-and-institution',
    sample: {
      workflow: {
        _id: '6745a1c2e4b0a1b2c3d4e621',
        type: 'investment',
        name: 'Investment in Harbor Point Apartments',
        status: 'completed',
        owner: '6745a1c2e4b0a1b2c3d4e5f6',
        offer: '6745a1c2e4b0a1b2c3d4e631',
        institution: WEBHOOK_EXAMPLE_IDS.institution,
        amount: 50_000,
        completedAt: '2026-11-27T09:30:00.000Z',
      },
    },
  },
  'application.status_changed': {
    label: 'Application status changed',
    description: "An investor's accreditation application changed status (submitted, in review, approved, rejected…).",
    audience: 'tenant',
    sample: {
      application: {
        _id: '6745a1c2e4b0a1b2c3d4e641',
        user: '6745a1c2e4b0a1b2c3d4e5f6',
        status: { old: 'in-review', new: 'approved' },
        changedAt: '2026-11-27T09:30:00.000Z',
      },
    },
  },
  'offer.published': {
    label: 'Offer published',
    description: 'An offer was published on the marketplace.',
    audience: 'tenant-and-institution',
    sample: {
      offer: {
        _id: '6745a1c2e4b0a1b2c3d4e631',
        institution: WEBHOOK_EXAMPLE_IDS.institution,
        name: 'Harbor Point Apartments',
        slug: 'harbor-point-apartments',
        publishedAt: '2026-11-27T09:30:00.000Z',
      },
    },
  },
  'invoice.paid': {
    label: 'Invoice paid',
    description: "One of the institution's invoices was paid (charged to a card or marked paid after a bank transfer).",
    audience: 'tenant-and-institution',
    sample: {
      invoice: {
        _id: '6745a1c2e4b0a1b2c3d4e701',
        number: 'INV-2026-00001',
        institution: WEBHOOK_EXAMPLE_IDS.institution,
        total: 49_900,
        currency: 'usd',
        paidAt: '2026-11-27T09:30:00.000Z',
      },
    },
  },
  'webhook.test': {
    label: 'Test event',
    description:
      "Sent by 'Send test event' on the settings page, to try an endpoint; every endpoint receives it whatever it subscribed to.",
    audience: 'tenant-and-institution',
    sample: { message: 'This is a test event from Tessera.' },
  },
};

/** The event types an endpoint can subscribe to (the test event is sent on demand only). */
export const SUBSCRIBABLE_WEBHOOK_EVENTS = webhookEventType.options.filter((t) => t !== 'webhook.test');

/** The headers of every delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'tessera-signature',
  event: 'tessera-event',
  delivery: 'tessera-delivery',
} as const;
/** A receiver should refuse a signature whose timestamp is older than this (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Seconds after a failed attempt before the next one; after the last, the delivery is `failed`. */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS = [60, 300, 1_800, 7_200, 21_600, 43_200] as const;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept with the delivery. */
export const WEBHOOK_RESPONSE_BODY_MAX = 2_048;
export const WEBHOOK_LIMITS = { endpointsPerOwner: 20, description: 200, url: 2_000 } as const;

/** The body of every delivery. */
export const webhookEvent = z
  .object({
    id: z.string().describe('The event id (evt_…): the same on every attempt and replay, so a receiver can drop duplicates'),
    type: webhookEventType,
    createdAt: timestamp,
    tenant: objectId,
    institution: objectId.nullable(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({
    id: 'WebhookEvent',
    description: 'What a webhook delivery POSTs: the event id, type, time, tenant, institution and the event data.',
    examples: [
      {
        id: 'evt_3f9a1c0d7e5b4a2f8c6d1e0b',
        type: 'lead.created',
        createdAt: '2026-11-27T09:30:00.000Z',
        tenant: WEBHOOK_EXAMPLE_IDS.tenant,
        institution: WEBHOOK_EXAMPLE_IDS.institution,
        data: WEBHOOK_EVENTS['lead.created'].sample,
      },
    ],
  });
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const webhookDeliveryStatus = z.enum(['pending', 'retrying', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;
export const webhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  succeeded: 'Delivered',
  failed: 'Failed',
};

export const webhookEndpoint = z
  .object({
    _id: objectId,
    institution: objectId.nullable().describe("The institution the endpoint belongs to; null for the tenant's own"),
    url: z.string(),
    description: z.string(),
    events: z.array(webhookEventType),
    enabled: z.boolean(),
    secretPrefix: z.string().describe('The first characters of the signing secret, to tell secrets apart'),
    createdBy: objectId.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastDelivery: z.object({ status: webhookDeliveryStatus, at: timestamp, responseStatus: z.number().int().nullable() }).nullable(),
  })
  .meta({
    id: 'WebhookEndpoint',
    description: 'An address events are POSTed to, the events it subscribed to, and how its last delivery went.',
    examples: [
      {
        _id: WEBHOOK_EXAMPLE_IDS.endpoint,
        institution: WEBHOOK_EXAMPLE_IDS.institution,
        url: 'https://crm.summitridge.example/hooks/tessera',
        description: 'CRM sync',
        events: ['lead.created', 'workflow.completed'],
        enabled: true,
        secretPrefix: 'whsec_3f9a',
        createdBy: '6745a1c2e4b0a1b2c3d4e5f6',
        createdAt: '2026-11-27T09:30:00.000Z',
        updatedAt: '2026-11-27T09:30:00.000Z',
        lastDelivery: { status: 'succeeded', at: '2026-11-27T10:02:00.000Z', responseStatus: 200 },
      },
    ],
  });
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The answer to creating an endpoint or rotating its secret: the only time the secret is sent. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: z.string().describe('The signing secret; shown once') }).meta({
  id: 'WebhookEndpointWithSecret',
  description: 'An endpoint with its whole signing secret, sent only when it is created or its secret rotated.',
  examples: [
    {
      _id: WEBHOOK_EXAMPLE_IDS.endpoint,
      institution: WEBHOOK_EXAMPLE_IDS.institution,
      url: 'https://crm.summitridge.example/hooks/tessera',
      description: 'CRM sync',
      events: ['lead.created', 'workflow.completed'],
      enabled: true,
      secretPrefix: 'whsec_3f9a',
      createdBy: '6745a1c2e4b0a1b2c3d4e5f6',
      createdAt: '2026-11-27T09:30:00.000Z',
      updatedAt: '2026-11-27T09:30:00.000Z',
      lastDelivery: null,
      secret: 'whsec_3f9aQk2v7XbN1cR8mT4yL0pW6sE5uH9jD2gA7fZ1oKx',
    },
  ],
});
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

const webhookUrl = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.url, `URL must be at most ${WEBHOOK_LIMITS.url} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'URL must be an http:// or https:// address' }));

export const webhookEndpointCreateBody = z
  .object({
    url: webhookUrl,
    description: z.string().trim().max(WEBHOOK_LIMITS.description).default(''),
    events: z
      .array(z.enum(SUBSCRIBABLE_WEBHOOK_EVENTS as [WebhookEventType, ...WebhookEventType[]]))
      .min(1, 'Choose at least one event')
      .transform((v) => [...new Set(v)]),
    enabled: z.boolean().default(true),
  })
  .strict()
  .meta({
    id: 'WebhookEndpointCreate',
    description: 'Where to POST events and which events.',
    examples: [{ url: 'https://crm.summitridge.example/hooks/tessera', description: 'CRM sync', events: ['lead.created'], enabled: true }],
  });
export type WebhookEndpointCreateInput = z.input<typeof webhookEndpointCreateBody>;

export const webhookEndpointUpdateBody = webhookEndpointCreateBody
  .partial()
  .strict()
  .meta({
    id: 'WebhookEndpointUpdate',
    description: 'The fields to change.',
    examples: [{ enabled: false }],
  });
export type WebhookEndpointUpdateInput = z.input<typeof webhookEndpointUpdateBody>;

export const webhookAttempt = z.object({
  at: timestamp,
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable().describe(`The first ${WEBHOOK_RESPONSE_BODY_MAX} characters of the answer`),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable().describe('Why no answer came (timeout, refused, address not allowed)'),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z
  .object({
    _id: objectId,
    endpoint: objectId,
    eventId: z.string(),
    eventType: webhookEventType,
    status: webhookDeliveryStatus,
    attempts: z.array(webhookAttempt).describe('Every attempt, oldest first'),
    nextAttemptAt: timestamp.nullable(),
    replayOf: objectId.nullable().describe('The delivery this one replays'),
    payload: webhookEvent,
    createdAt: timestamp,
  })
  .meta({
    id: 'WebhookDelivery',
    description: 'One event sent to one endpoint, with every attempt and the answers the receiver gave.',
    examples: [
      {
        _id: WEBHOOK_EXAMPLE_IDS.delivery,
        endpoint: WEBHOOK_EXAMPLE_IDS.endpoint,
        eventId: 'evt_3f9a1c0d7e5b4a2f8c6d1e0b',
        eventType: 'lead.created',
        status: 'succeeded',
        attempts: [{ at: '2026-11-27T09:30:01.000Z', responseStatus: 200, responseBody: 'ok', durationMs: 84, error: null }],
        nextAttemptAt: null,
        replayOf: null,
        payload: {
          id: 'evt_3f9a1c0d7e5b4a2f8c6d1e0b',
          type: 'lead.created',
          createdAt: '2026-11-27T09:30:00.000Z',
          tenant: WEBHOOK_EXAMPLE_IDS.tenant,
          institution: WEBHOOK_EXAMPLE_IDS.institution,
          data: WEBHOOK_EVENTS['lead.created'].sample,
        },
        createdAt: '2026-11-27T09:30:00.000Z',
      },
    ],
  });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryListQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1).describe('The page to answer, from 1'),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 or more')
    .max(100, 'limit must be at most 100')
    .default(20)
    .describe('How many deliveries a page holds, 1 to 100'),
  status: webhookDeliveryStatus.optional().describe('Only the deliveries in this status'),
  eventType: webhookEventType.optional().describe('Only the deliveries of this event type'),
});
export type WebhookDeliveryListQuery = z.infer<typeof webhookDeliveryListQuery>;

export const WEBHOOK_TEXTS = {
  created: 'Webhook endpoint added',
  updated: 'Webhook endpoint updated',
  deleted: 'Webhook endpoint deleted',
  secretRotated: 'Signing secret rotated',
  testSent: 'Test event sent',
  replayed: 'Delivery replayed',
  privateTargetRefused:
    'This address is on a private network or this machine; webhooks are delivered to public addresses only unless the server allows private targets',
  secretShownOnce: 'Copy the signing secret now: it will not be shown again.',
} as const;

/** The signature header's value for a body sent at `timestamp` (unix seconds): what receivers recompute. */
export const webhookSignedPayload = (timestamp: number, body: string) => `${timestamp}.${body}`;

/** One entry of the event catalogue (GET webhooks/event-types): what the settings page and the webhook guide list. */
export const webhookEventTypeInfo = z
  .object({
    type: webhookEventType,
    label: z.string(),
    description: z.string(),
    audience: z.enum(['tenant', 'tenant-and-institution']).describe("'tenant': the tenant's endpoints only; else the institution's too"),
    subscribable: z.boolean().describe('False for webhook.test, which is sent on demand to any endpoint'),
    sample: z.record(z.string(), z.unknown()).describe('The `data` of a sample event'),
  })
  .meta({
    id: 'WebhookEventTypeInfo',
    description: 'An event type endpoints can receive, with what it means and a sample of its data.',
    examples: [
      {
        type: 'lead.created',
        label: WEBHOOK_EVENTS['lead.created'].label,
        description: WEBHOOK_EVENTS['lead.created'].description,
        audience: 'tenant-and-institution',
        subscribable: true,
        sample: WEBHOOK_EVENTS['lead.created'].sample,
      },
    ],
  });
export type WebhookEventTypeInfo = z.infer<typeof webhookEventTypeInfo>;

/** The catalogue, in the order of webhookEventType. */
export const webhookEventCatalogue = (): WebhookEventTypeInfo[] =>
  webhookEventType.options.map((type) => ({
    type,
    label: WEBHOOK_EVENTS[type].label,
    description: WEBHOOK_EVENTS[type].description,
    audience: WEBHOOK_EVENTS[type].audience,
    subscribable: type !== 'webhook.test',
    sample: WEBHOOK_EVENTS[type].sample,
  }));

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, `${t}.${body}`)>`. */
export const webhookSignatureHeader = (timestamp: number, hexSignature: string) => `t=${timestamp},v1=${hexSignature}`;
