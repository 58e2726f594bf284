import {
  diffChanges,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEXTS,
  type List,
  type PageQuery,
  type TimelineMeta,
  type WebhookDelivery,
  type WebhookDeliveryListQuery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  webhookEndpointCreateBody,
  webhookEndpointUpdateBody,
} from '@tessera/domain';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { WebhookEndpointRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthContext } from '../../lib/auth-context.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldCipher } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { offsetOf, pageMeta } from '../../lib/pagination.ts';
import { webhookUrlProblem } from '../../lib/webhook-target.ts';
import { requireInstitution } from '../institutions/index.ts';
import { recordEvent } from '../timeline/index.ts';
import { newEventId } from './webhook-emit.ts';
import * as repo from './webhooks.repository.ts';

export interface WebhookDeps {
  db: Db;
  cipher: FieldCipher;
  clock: Clock;
  allowPrivateTargets: boolean;
}

export type EndpointCreate = z.output<typeof webhookEndpointCreateBody>;
export type EndpointUpdate = z.output<typeof webhookEndpointUpdateBody>;

export const WEBHOOK_MANAGERS_ONLY =
  "Only the owners and editors of the institution's team (and the organization owners) can manage its webhooks";
/** The first characters of a secret kept in clear, to tell secrets apart: 'whsec_' and four more. */
const SECRET_VISIBLE_CHARS = WEBHOOK_SECRET_PREFIX.length + 4;

export const endpointLimitText = () =>
  `At most ${WEBHOOK_LIMITS.endpointsPerOwner} webhook endpoints can be registered here: delete one before adding another`;

/** Whose endpoints a call works on and where its events go on the timeline. */
interface Scope {
  owner: repo.EndpointOwner;
  target: { entity: string; entityType: 'tenant' | 'tenant-institution' };
  /** The institution's name in event messages; null for the tenant's endpoints. */
  name: string | null;
  auth: AuthContext;
}

/** The path's tenant must be the host's: any other id is not found. Tenant owners only (the route admits only them). */
function tenantScope(auth: AuthContext, tenantId: string): Scope {
  if (tenantId !== auth.tenantId) throw notFound('Organization');
  return { owner: { tenantId, institutionId: null }, target: { entity: tenantId, entityType: 'tenant' }, name: null, auth };
}

/** An institution's endpoints: its team's owners and editors and the tenant's owners; a GP off the team 404, members and viewers 403. */
async function institutionScope(db: DbOrTx, auth: AuthContext, institutionId: string): Promise<Scope> {
  const { institution, isOwner, teamRole } = await requireInstitution(db, auth, institutionId);
  if (!isOwner && teamRole !== 'owner' && teamRole !== 'editor') throw forbidden(WEBHOOK_MANAGERS_ONLY);
  return {
    owner: { tenantId: auth.tenantId, institutionId },
    target: { entity: institutionId, entityType: 'tenant-institution' },
    name: institution.name,
    auth,
  };
}

export type ScopeRef = { kind: 'tenant'; tenantId: string } | { kind: 'institution'; institutionId: string };

const scopeOf = (db: DbOrTx, auth: AuthContext, ref: ScopeRef) =>
  ref.kind === 'tenant' ? tenantScope(auth, ref.tenantId) : institutionScope(db, auth, ref.institutionId);

/** What the timeline keeps about an endpoint: never the secret (its visible prefix only). */
const auditFields = (row: WebhookEndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  secretPrefix: row.secretPrefix,
});

const describe = (row: Pick<WebhookEndpointRow, 'url'>, scope: Scope) =>
  `webhook endpoint ${row.url}${scope.name ? ` of ${scope.name}` : ''}`;

async function record(tx: DbOrTx, scope: Scope, type: 'create' | 'update' | 'delete' | 'other', message: string, meta: TimelineMeta) {
  await recordEvent(tx, { tenantId: scope.owner.tenantId, type, ...scope.target, caller: scope.auth, message, meta });
}

function checkUrl(deps: WebhookDeps, url: string): void {
  const problem = webhookUrlProblem(url, deps.allowPrivateTargets, WEBHOOK_TEXTS.privateTargetRefused);
  if (problem) throw new AppError('validation', problem === WEBHOOK_TEXTS.privateTargetRefused ? problem : `url: ${problem}`);
}

function newSecret(cipher: FieldCipher) {
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, secretEncrypted: cipher.encrypt(secret), secretPrefix: secret.slice(0, SECRET_VISIBLE_CHARS) };
}

async function present(db: DbOrTx, row: WebhookEndpointRow): Promise<WebhookEndpoint> {
  const last = await repo.lastDeliveries(db, row.tenantId, [row.id]);
  return repo.toEndpoint(row, last.get(row.id) ?? null);
}

async function loadEndpoint(db: DbOrTx, scope: Scope, endpointId: string, lock = false): Promise<WebhookEndpointRow> {
  const row = await repo.findEndpoint(db, scope.owner, endpointId, lock);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listEndpoints(deps: WebhookDeps, auth: AuthContext, ref: ScopeRef, q: PageQuery): Promise<List<WebhookEndpoint>> {
  const scope = await scopeOf(deps.db, auth, ref);
  const { rows, total } = await repo.listEndpoints(deps.db, scope.owner, { limit: q.limit, offset: offsetOf(q) });
  const last = await repo.lastDeliveries(
    deps.db,
    scope.owner.tenantId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => repo.toEndpoint(r, last.get(r.id) ?? null)), meta: pageMeta(q, total) };
}

export async function getEndpoint(deps: WebhookDeps, auth: AuthContext, ref: ScopeRef, endpointId: string): Promise<WebhookEndpoint> {
  const scope = await scopeOf(deps.db, auth, ref);
  return present(deps.db, await loadEndpoint(deps.db, scope, endpointId));
}

/** A new endpoint with a new secret: the answer is the only time the whole secret is sent. */
export function createEndpoint(
  deps: WebhookDeps,
  auth: AuthContext,
  ref: ScopeRef,
  body: EndpointCreate,
): Promise<WebhookEndpointWithSecret> {
  checkUrl(deps, body.url);
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, ref);
    if ((await repo.countEndpoints(tx, scope.owner)) >= WEBHOOK_LIMITS.endpointsPerOwner)
      throw new AppError('conflict', endpointLimitText());
    const { secret, secretEncrypted, secretPrefix } = newSecret(deps.cipher);
    const now = deps.clock.now();
    const row = await repo.insertEndpoint(tx, scope.owner, {
      id: newId(),
      url: body.url,
      description: body.description,
      events: body.events,
      enabled: body.enabled,
      secretEncrypted,
      secretPrefix,
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await record(tx, scope, 'create', `${capital(describe(row, scope))} added`, {
      webhookEndpoint: row.id,
      change: diffChanges({}, auditFields(row)),
    });
    return { ...repo.toEndpoint(row, null), secret };
  });
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function updateEndpoint(
  deps: WebhookDeps,
  auth: AuthContext,
  ref: ScopeRef,
  endpointId: string,
  body: EndpointUpdate,
): Promise<WebhookEndpoint> {
  if (body.url !== undefined) checkUrl(deps, body.url);
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, ref);
    const row = await loadEndpoint(tx, scope, endpointId, true);
    const values = {
      ...(body.url !== undefined && { url: body.url }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.events !== undefined && { events: body.events }),
      ...(body.enabled !== undefined && { enabled: body.enabled }),
    };
    const change = diffChanges(auditFields(row), { ...auditFields(row), ...values });
    if (Object.keys(change).length === 0) return present(tx, row);
    const updated = await repo.updateEndpoint(tx, scope.owner.tenantId, endpointId, { ...values, updatedAt: deps.clock.now() });
    await record(tx, scope, 'update', `${capital(describe(updated, scope))} updated`, { webhookEndpoint: row.id, change });
    return present(tx, updated);
  });
}

/** Deletes the endpoint and its deliveries (those not yet sent are never sent). */
export function deleteEndpoint(deps: WebhookDeps, auth: AuthContext, ref: ScopeRef, endpointId: string): Promise<void> {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, ref);
    const row = await loadEndpoint(tx, scope, endpointId, true);
    await repo.deleteEndpoint(tx, scope.owner.tenantId, endpointId);
    await record(tx, scope, 'delete', `${capital(describe(row, scope))} deleted`, {
      webhookEndpoint: row.id,
      delete: auditFields(row),
    });
  });
}

/** A new secret at once: deliveries from now on (retries of earlier events included) are signed with it. */
export function rotateSecret(deps: WebhookDeps, auth: AuthContext, ref: ScopeRef, endpointId: string): Promise<WebhookEndpointWithSecret> {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, ref);
    const row = await loadEndpoint(tx, scope, endpointId, true);
    const { secret, secretEncrypted, secretPrefix } = newSecret(deps.cipher);
    const updated = await repo.updateEndpoint(tx, scope.owner.tenantId, endpointId, {
      secretEncrypted,
      secretPrefix,
      updatedAt: deps.clock.now(),
    });
    await record(tx, scope, 'update', `Signing secret of the ${describe(row, scope)} rotated`, {
      webhookEndpoint: row.id,
      change: { secretPrefix: { old: row.secretPrefix, new: secretPrefix } },
    });
    return { ...(await present(tx, updated)), secret };
  });
}

/** A 'webhook.test' event for this endpoint alone, whatever it subscribed to; sent by the dispatcher. */
export function sendTestEvent(deps: WebhookDeps, auth: AuthContext, ref: ScopeRef, endpointId: string): Promise<WebhookDelivery> {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, ref);
    const row = await loadEndpoint(tx, scope, endpointId);
    const now = deps.clock.now();
    const payload: WebhookEvent = {
      id: newEventId(),
      type: 'webhook.test',
      createdAt: now.toISOString(),
      tenant: scope.owner.tenantId,
      institution: scope.owner.institutionId,
      data: WEBHOOK_EVENTS['webhook.test'].sample,
    };
    const [delivery] = await repo.insertDeliveries(tx, [
      {
        tenantId: scope.owner.tenantId,
        id: newId(),
        endpointId: row.id,
        eventId: payload.id,
        eventType: 'webhook.test',
        payload,
        nextAttemptAt: now,
        replayOf: null,
        createdAt: now,
      },
    ]);
    await record(tx, scope, 'other', `Test event sent to the ${describe(row, scope)}`, {
      webhookEndpoint: row.id,
      webhookDelivery: delivery!.id,
    });
    return repo.toDelivery(delivery!);
  });
}

/** A new delivery of the same event (same event id and payload) to the same endpoint, sent by the dispatcher. */
export function replayDelivery(
  deps: WebhookDeps,
  auth: AuthContext,
  ref: ScopeRef,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, ref);
    const row = await loadEndpoint(tx, scope, endpointId);
    const original = await repo.findDelivery(tx, scope.owner.tenantId, row.id, deliveryId);
    if (!original) throw notFound('Delivery');
    const now = deps.clock.now();
    const [delivery] = await repo.insertDeliveries(tx, [
      {
        tenantId: scope.owner.tenantId,
        id: newId(),
        endpointId: row.id,
        eventId: original.eventId,
        eventType: original.eventType,
        payload: original.payload,
        nextAttemptAt: now,
        replayOf: original.id,
        createdAt: now,
      },
    ]);
    await record(tx, scope, 'other', `Delivery of ${original.eventType} (${original.eventId}) replayed to the ${describe(row, scope)}`, {
      webhookEndpoint: row.id,
      webhookDelivery: delivery!.id,
      replayOf: original.id,
    });
    return repo.toDelivery(delivery!);
  });
}

export async function listDeliveries(
  deps: WebhookDeps,
  auth: AuthContext,
  ref: ScopeRef,
  endpointId: string,
  q: WebhookDeliveryListQuery,
): Promise<List<WebhookDelivery>> {
  const scope = await scopeOf(deps.db, auth, ref);
  const row = await loadEndpoint(deps.db, scope, endpointId);
  const { rows, total } = await repo.listDeliveries(
    deps.db,
    scope.owner.tenantId,
    row.id,
    { status: q.status, eventType: q.eventType },
    { limit: q.limit, offset: offsetOf(q) },
  );
  return { data: rows.map(repo.toDelivery), meta: pageMeta(q, total) };
}

export async function getDelivery(
  deps: WebhookDeps,
  auth: AuthContext,
  ref: ScopeRef,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const scope = await scopeOf(deps.db, auth, ref);
  const row = await loadEndpoint(deps.db, scope, endpointId);
  const delivery = await repo.findDelivery(deps.db, scope.owner.tenantId, row.id, deliveryId);
  if (!delivery) throw notFound('Delivery');
  return repo.toDelivery(delivery);
}
