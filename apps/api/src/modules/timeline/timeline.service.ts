import {
  userDisplayName,
  type List,
  type TimelineEntityType,
  type TimelineEvent,
  type TimelineEventType,
  type TimelineMeta,
  type TimelineQuery,
} from '@tessera/domain';
import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offers, timelineEvents, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { REDACTED, TIMELINE_REDACTED_KEYS } from '../../lib/pii.ts';
import { cappedPageMeta, countCapped, likePattern, offsetOf } from '../../lib/pagination.ts';
import type { AnyCaller, AuthContext } from '../../lib/auth-context.ts';

/**
 * The timeline of platform-level events (platform admins changing a user's role, role assignments or account,
 * deleting a tenant): a tenant id that no tenant can have (object ids start with their creation time), so no
 * tenant's dashboard, history or activity tab ever lists them. The column has no foreign key, so no migration.
 */
export const PLATFORM_TIMELINE = '000000000000000000000000';

interface EventFields {
  tenantId: string;
  type: TimelineEventType;
  entity: string;
  entityType: TimelineEntityType;
  message: string;
  meta?: TimelineMeta;
  refs?: { entity: string; entityType: TimelineEntityType }[];
}

/** An event names its actor by user id, or by the caller of the route (a person or a private API key). */
export type RecordEventInput = EventFields & ({ userId: string | null } | { caller: AnyCaller });

/**
 * How a caller appears in messages: the person's display name, or 'API key tsk_live_abcd…' for a private key.
 * An API key has no user, so its events are recorded with user null and `meta.via` (this name) and
 * `meta.viaApiKey` (the key's id); `queryEvents` reads `meta.via` back as the event's userName.
 */
export function actorName(caller: AnyCaller): string {
  return caller.apiKey ? `API key ${caller.apiKey.prefix}…` : userDisplayName(caller.user);
}

/** The event of a change the signed-in user made to one entity of their tenant. */
export function userEvent(
  auth: AuthContext,
  entityType: TimelineEntityType,
  entity: string,
  fields: Pick<EventFields, 'type' | 'message' | 'meta' | 'refs'>,
): RecordEventInput {
  return { tenantId: auth.tenantId, entity, entityType, userId: auth.user.id, ...fields };
}

/** Every mutation of an entity calls this, inside the same transaction as the change. */
export async function recordEvent(db: DbOrTx, input: RecordEventInput): Promise<void> {
  let userId: string | null;
  let meta = input.meta ?? {};
  if ('caller' in input) {
    const { caller } = input;
    userId = caller.apiKey ? null : caller.user.id;
    if (caller.apiKey) meta = { ...meta, via: actorName(caller), viaApiKey: caller.apiKey.id };
  } else {
    userId = input.userId;
  }
  meta = redactMeta(meta);
  await db.insert(timelineEvents).values({
    tenantId: input.tenantId,
    id: newId(),
    type: input.type,
    entity: input.entity,
    entityType: input.entityType,
    message: input.message,
    userId,
    meta,
    refs: input.refs ?? [],
  });
}

const hide = (value: unknown) => (value === null || value === undefined ? value : REDACTED);

/**
 * The event's values with every classified key (the birth date, …) replaced, in `change` ({ old, new }) and
 * `delete` (the deleted values): modules mask their own fields, this is the net under them.
 */
function redactMeta(meta: TimelineMeta): TimelineMeta {
  const { change, delete: deleted } = meta;
  const redactedKey = (key: string) => TIMELINE_REDACTED_KEYS.includes(key);
  if (!Object.keys(change ?? {}).some(redactedKey) && !Object.keys(deleted ?? {}).some(redactedKey)) return meta;
  return {
    ...meta,
    ...(change && {
      change: Object.fromEntries(Object.entries(change).map(([k, v]) => [k, redactedKey(k) ? { old: hide(v.old), new: hide(v.new) } : v])),
    }),
    ...(deleted && { delete: Object.fromEntries(Object.entries(deleted).map(([k, v]) => [k, redactedKey(k) ? hide(v) : v])) }),
  };
}

/**
 * Which events a history tab shows: one entity, a user's own events (by them or about them), every event of the tenant
 * (the platform admin's history of a tenant, who may read every entity in it), or the tenant's administration: what its
 * owners and admins may read (the tenant dashboard's recent activity).
 */
export type TimelineScope =
  | { kind: 'entity'; entityType: TimelineEntityType; entity: string }
  | { kind: 'user'; userId: string }
  | { kind: 'tenant' }
  | { kind: 'administration' };

/**
 * The entities a tenant's owners and admins read and manage: the tenant, its members and groups, its marketplace
 * (offers, institutions) and leads. A member's own account and Financial Passport (user, individual and legal-entity
 * profiles, businesses, financial accounts, government photo IDs, their documents and images) are theirs alone, so
 * their events stay out of the administration's timeline even though they happen in the tenant.
 */
export const ADMINISTRATION_ENTITY_TYPES: readonly TimelineEntityType[] = [
  'tenant',
  'tenant-member',
  'tenant-member-group',
  'tenant-offer',
  'tenant-institution',
  'tenant-lead',
  'institution',
  'offer',
  'lead',
  'pipeline',
  'pipeline-stage',
  'campaign',
  'integration',
];

/**
 * A document event belongs to the administration while an offer of the tenant lists the document (002 §6: the
 * tenant's owners then hold the owner role on it); a member's own documents never do.
 */
function administrationScope(db: DbOrTx): SQL {
  const listedByAnOffer = db
    .select({ one: sql`1` })
    .from(offers)
    .where(
      and(
        eq(offers.tenantId, timelineEvents.tenantId),
        sql`${offers.documents} @> jsonb_build_array(jsonb_build_object('document', ${timelineEvents.entity}))`,
      ),
    );
  return or(
    inArray(timelineEvents.entityType, [...ADMINISTRATION_ENTITY_TYPES]),
    and(eq(timelineEvents.entityType, 'document'), exists(listedByAnOffer)),
  )!;
}

// An event without a user names the API key that made it (meta.via), if any.
const userName = sql<
  string | null
>`coalesce(nullif(trim(${users.displayname}), ''), nullif(trim(concat_ws(' ', ${users.firstname}, ${users.lastname})), ''), ${users.email}, ${timelineEvents.meta}->>'via')`;

export async function queryEvents(db: DbOrTx, tenantId: string, scope: TimelineScope, q: TimelineQuery): Promise<List<TimelineEvent>> {
  const conditions: SQL[] = [eq(timelineEvents.tenantId, tenantId)];
  if (scope.kind === 'entity') {
    conditions.push(eq(timelineEvents.entityType, scope.entityType), eq(timelineEvents.entity, scope.entity));
  } else if (scope.kind === 'user') {
    conditions.push(
      or(eq(timelineEvents.userId, scope.userId), and(eq(timelineEvents.entityType, 'user'), eq(timelineEvents.entity, scope.userId)))!,
    );
  } else if (scope.kind === 'administration') {
    conditions.push(administrationScope(db));
  }
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(or(ilike(timelineEvents.message, pattern), ilike(timelineEvents.entity, pattern))!);
  }
  const where = and(...conditions);
  const column = { createdAt: timelineEvents.createdAt, type: timelineEvents.type, entityType: timelineEvents.entityType, user: userName }[
    q.sort
  ];
  const order = q.direction === 'asc' ? asc : desc;

  // The page's ids first, then their rows (#25): the ids come off the index in order (an index-only scan of
  // timeline_events_entity_idx for an entity's history), where the planner, estimating row-level security to leave
  // few rows, read all of an institution's 8,334 events, joined them to their users and sorted them for one page.
  const pageIds = (
    q.sort === 'user'
      ? db.select({ id: timelineEvents.id }).from(timelineEvents).leftJoin(users, eq(users.id, timelineEvents.userId))
      : db.select({ id: timelineEvents.id }).from(timelineEvents)
  )
    .where(where)
    .orderBy(order(column), order(timelineEvents.id))
    .limit(q.limit)
    .offset(offsetOf(q));
  const [rows, counted] = await Promise.all([
    db
      .select({ event: timelineEvents, userName })
      .from(timelineEvents)
      .leftJoin(users, eq(users.id, timelineEvents.userId))
      .where(and(eq(timelineEvents.tenantId, tenantId), inArray(timelineEvents.id, pageIds)))
      .orderBy(order(column), order(timelineEvents.id)),
    // A busy tenant's history runs to 500,000 events: counted up to the cap (#25), from the index the page uses.
    countCapped(db, db.select({ one: sql`1` }).from(timelineEvents).where(where)),
  ]);

  return {
    data: rows.map(({ event, userName: name }) => ({
      _id: event.id,
      type: event.type,
      entity: event.entity,
      entityType: event.entityType,
      message: event.message,
      user: event.userId,
      userName: name,
      meta: event.meta,
      refs: event.refs,
      createdAt: event.createdAt.toISOString(),
    })),
    meta: cappedPageMeta(q, counted),
  };
}

/** Part of removing a whole tenant (platform admin). */
export async function deleteTenantEventsUnscoped(db: DbOrTx, tenantId: string): Promise<void> {
  await db.delete(timelineEvents).where(eq(timelineEvents.tenantId, tenantId));
}
