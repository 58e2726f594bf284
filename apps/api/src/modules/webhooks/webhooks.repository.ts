import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEvent,
  WebhookEventType,
} from '@tessera/domain';
import { and, arrayContains, asc, desc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withCrossTenant } from '../../db/scope.ts';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow, type WebhookEndpointRow } from '../../db/schema/index.ts';

/** Whose endpoints: the tenant's own (institutionId null) or those of one of its institutions. */
export interface EndpointOwner {
  tenantId: string;
  institutionId: string | null;
}

const ownedBy = (owner: EndpointOwner): SQL =>
  and(
    eq(webhookEndpoints.tenantId, owner.tenantId),
    owner.institutionId ? eq(webhookEndpoints.institutionId, owner.institutionId) : isNull(webhookEndpoints.institutionId),
  )!;

export type NewEndpoint = Omit<typeof webhookEndpoints.$inferInsert, 'tenantId' | 'institutionId'>;

export async function insertEndpoint(db: DbOrTx, owner: EndpointOwner, values: NewEndpoint): Promise<WebhookEndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...owner, ...values })
    .returning();
  return row!;
}

export async function countEndpoints(db: DbOrTx, owner: EndpointOwner): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(ownedBy(owner));
  return row?.n ?? 0;
}

/** A page of an owner's endpoints, oldest first (at most WEBHOOK_LIMITS.endpointsPerOwner in all), with the total. */
export async function listEndpoints(
  db: DbOrTx,
  owner: EndpointOwner,
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookEndpointRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(webhookEndpoints)
      .where(ownedBy(owner))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .limit(page.limit)
      .offset(page.offset),
    countEndpoints(db, owner),
  ]);
  return { rows, total };
}

export async function findEndpoint(db: DbOrTx, owner: EndpointOwner, id: string, lock = false): Promise<WebhookEndpointRow | null> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(ownedBy(owner), eq(webhookEndpoints.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateEndpoint(
  db: DbOrTx,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'secretEncrypted' | 'secretPrefix' | 'updatedAt'>
  >,
): Promise<WebhookEndpointRow> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .returning();
  return row!;
}

/** Deletes the endpoint; its deliveries go with it (foreign key, migration 0026). */
export async function deleteEndpoint(db: DbOrTx, tenantId: string, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)));
}

/**
 * The enabled endpoints an event reaches: the tenant's own and, for an institution's event, that institution's; each
 * subscribed to the type. One query on webhook_endpoints_owner_idx, so an event with no endpoint costs one lookup.
 */
export function subscribedEndpoints(
  db: DbOrTx,
  tenantId: string,
  institutionId: string | null,
  type: WebhookEventType,
): Promise<{ id: string }[]> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.tenantId, tenantId),
        institutionId
          ? or(isNull(webhookEndpoints.institutionId), eq(webhookEndpoints.institutionId, institutionId))
          : isNull(webhookEndpoints.institutionId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [type]),
      ),
    );
}

export type NewDelivery = Pick<
  typeof webhookDeliveries.$inferInsert,
  'tenantId' | 'id' | 'endpointId' | 'eventId' | 'eventType' | 'payload' | 'nextAttemptAt' | 'replayOf' | 'createdAt'
>;

export async function insertDeliveries(db: DbOrTx, rows: NewDelivery[]): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows.map((r) => ({ ...r, status: 'pending' as const, updatedAt: r.createdAt })))
    .returning();
}

const ofEndpoint = (tenantId: string, endpointId: string) =>
  and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId))!;

/** A page of an endpoint's deliveries, newest first (webhook_deliveries_endpoint_idx), with the total. */
export async function listDeliveries(
  db: DbOrTx,
  tenantId: string,
  endpointId: string,
  filter: { status?: WebhookDeliveryStatus | undefined; eventType?: WebhookEventType | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = and(
    ofEndpoint(tenantId, endpointId),
    filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
    filter.eventType ? eq(webhookDeliveries.eventType, filter.eventType) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findDelivery(db: DbOrTx, tenantId: string, endpointId: string, id: string): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(ofEndpoint(tenantId, endpointId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

export type LastDelivery = NonNullable<WebhookEndpoint['lastDelivery']>;

/** How each endpoint's newest delivery went (one row per endpoint, from webhook_deliveries_endpoint_idx). */
export async function lastDeliveries(db: DbOrTx, tenantId: string, endpointIds: string[]): Promise<Map<string, LastDelivery>> {
  if (endpointIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.endpointId], {
      endpointId: webhookDeliveries.endpointId,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), inArray(webhookDeliveries.endpointId, endpointIds)))
    .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return new Map(
    rows.map((r) => {
      const last = r.attempts.at(-1);
      return [r.endpointId, { status: r.status, at: last?.at ?? r.createdAt.toISOString(), responseStatus: last?.responseStatus ?? null }];
    }),
  );
}

export function toEndpoint(row: WebhookEndpointRow, last: LastDelivery | null): WebhookEndpoint {
  return {
    _id: row.id,
    institution: row.institutionId,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    secretPrefix: row.secretPrefix,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: last,
  };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    _id: row.id,
    endpoint: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    replayOf: row.replayOf,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
  };
}

// ── The dispatcher's queries ─────────────────────────────────────────────────────────────

/** A due delivery, claimed, with what sending it needs from its endpoint. */
export interface ClaimedDelivery {
  tenantId: string;
  id: string;
  eventId: string;
  eventType: WebhookEventType;
  payload: WebhookEvent;
  attemptCount: number;
  url: string;
  secretEncrypted: string;
}

/**
 * Claims up to `limit` due deliveries of every tenant (pending or retrying, next attempt due, not claimed by a
 * dispatcher still within its lease) whose endpoint is enabled: locks them with FOR UPDATE SKIP LOCKED, so API
 * nodes running side by side each take other rows, and sets locked_until so a node that dies mid-send lets the row
 * go again after `leaseMs`. A disabled endpoint's deliveries stay pending until it is enabled again.
 */
export function claimDueDeliveriesUnscoped(db: Db, now: Date, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
  return withCrossTenant('the webhook dispatcher sends the due deliveries of every tenant', () =>
    db.transaction(async (tx) => {
      const due = await tx
        .select({
          tenantId: webhookDeliveries.tenantId,
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          eventType: webhookDeliveries.eventType,
          payload: webhookDeliveries.payload,
          attemptCount: webhookDeliveries.attemptCount,
          url: webhookEndpoints.url,
          secretEncrypted: webhookEndpoints.secretEncrypted,
        })
        .from(webhookDeliveries)
        .innerJoin(
          webhookEndpoints,
          and(eq(webhookEndpoints.tenantId, webhookDeliveries.tenantId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)),
        )
        .where(
          and(
            inArray(webhookDeliveries.status, ['pending', 'retrying']),
            lte(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
            eq(webhookEndpoints.enabled, true),
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      for (const row of due) {
        await tx
          .update(webhookDeliveries)
          .set({ lockedUntil: new Date(now.getTime() + leaseMs) })
          .where(and(eq(webhookDeliveries.tenantId, row.tenantId), eq(webhookDeliveries.id, row.id)));
      }
      return due;
    }),
  );
}

/** Records one attempt's outcome and releases the claim. */
export function recordAttemptUnscoped(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'tenantId' | 'id'>,
  attempt: WebhookAttempt,
  next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null; attemptCount: number },
  now: Date,
): Promise<void> {
  return withCrossTenant('the webhook dispatcher records the attempts of every tenant', async () => {
    await db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} || ${JSON.stringify([attempt])}::jsonb`,
        attemptCount: next.attemptCount,
        status: next.status,
        nextAttemptAt: next.nextAttemptAt,
        lockedUntil: null,
        updatedAt: now,
      })
      .where(and(eq(webhookDeliveries.tenantId, delivery.tenantId), eq(webhookDeliveries.id, delivery.id)));
  });
}
