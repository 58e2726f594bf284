import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookEventType } from '@tessera/domain';
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './webhooks.repository.ts';

/** A new event id: the same on every delivery, attempt and replay of one event. */
export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

export interface WebhookEventInput {
  tenantId: string;
  /** The institution the event concerns, or null for a tenant-wide event. */
  institutionId: string | null;
  type: Exclude<WebhookEventType, 'webhook.test'>;
  /** The event's data, shaped as WEBHOOK_EVENTS[type].sample (ids, names, statuses; nothing the sample does not show). */
  data: Record<string, unknown>;
  /** When it happened (default: now). */
  at?: Date;
}

/**
 * Queues an event for every enabled endpoint subscribed to it: the tenant's own, and the institution's when the event
 * concerns one and its type reaches institutions. Call it inside the transaction of the change that raised the event,
 * so the deliveries exist if and only if the change does; the dispatcher sends them after the commit. With no
 * endpoint this is one indexed query.
 */
export async function emitWebhookEvent(tx: DbOrTx, input: WebhookEventInput): Promise<number> {
  const reachesInstitution = WEBHOOK_EVENTS[input.type].audience === 'tenant-and-institution';
  const institutionId = reachesInstitution ? input.institutionId : null;
  const endpoints = await repo.subscribedEndpoints(tx, input.tenantId, institutionId, input.type);
  if (endpoints.length === 0) return 0;
  const at = input.at ?? new Date();
  const payload: WebhookEvent = {
    id: newEventId(),
    type: input.type,
    createdAt: at.toISOString(),
    tenant: input.tenantId,
    institution: input.institutionId,
    data: input.data,
  };
  await repo.insertDeliveries(
    tx,
    endpoints.map((e) => ({
      tenantId: input.tenantId,
      id: newId(),
      endpointId: e.id,
      eventId: payload.id,
      eventType: input.type,
      payload,
      nextAttemptAt: at,
      replayOf: null,
      createdAt: at,
    })),
  );
  return endpoints.length;
}
