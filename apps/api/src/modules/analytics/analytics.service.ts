import { ANALYTICS_DEDUPE_MS, analyticsEventInput, isBotUserAgent, redactUrlSecrets, type AnalyticsBatchResult } from '@tessera/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { analyticsEvents, offers } from '../../db/schema/index.ts';
import type { DedupeStore } from '../../lib/dedupe-store.ts';
import { newId } from '../../lib/ids.ts';
import { recordMarketplaceLead } from '../leads/index.ts';
import { addToRollups } from './analytics-rollups.ts';

type EventInput = z.output<typeof analyticsEventInput>;

export interface AnalyticsDeps {
  db: Db;
  dedupe: DedupeStore;
  /** How the kept rows reach the database: storeAnalyticsEvents on `db` unless given (the route passes its AnalyticsWriter's). */
  store?: (tenantId: string, rows: AnalyticsEventRow[]) => Promise<void>;
}

export interface AnalyticsBatch {
  tenantId: string;
  /** The signed-in caller (from a valid token only, never from the body). */
  userId: string | null;
  /** The request's User-Agent header. */
  userAgent: string | undefined;
  /** The items as sent: each is checked on its own. */
  items: readonly unknown[];
  /** When the events happened (the app's clock; tests pass any instant). */
  now: Date;
}

/** What makes two events the same within ANALYTICS_DEDUPE_MS: tid, type and what they point at. */
function dedupeKey(tenantId: string, e: EventInput): string {
  const target = e.offer ?? e.institution ?? e.document ?? e.image ?? e.client?.path ?? '';
  return `${tenantId}:${e.tid}:${e.type}:${target}`;
}

/**
 * Records a batch (#25): each item is validated on its own, and invalid ones, events from bots (by the request's
 * user agent or the event's) and repeats (same tid, type and target within a second, across nodes through the dedupe
 * store) are dropped and counted, never failing the batch. The rest go in one insert, and their rollups in two more
 * statements, in one transaction (shared with other concurrent batches when `deps.store` is an AnalyticsWriter's).
 * Events naming another tenant count as invalid.
 */
export async function recordAnalyticsBatch(
  deps: AnalyticsDeps,
  batch: AnalyticsBatch,
): Promise<{ result: AnalyticsBatchResult; recorded: EventInput[] }> {
  const dropped = { invalid: 0, bot: 0, duplicate: 0 };
  const ids: (string | null)[] = batch.items.map(() => null);
  const botRequest = isBotUserAgent(batch.userAgent);
  const candidates: { index: number; event: EventInput }[] = [];
  batch.items.forEach((item, index) => {
    const parsed = analyticsEventInput.safeParse(item);
    if (!parsed.success || (parsed.data.tenant && parsed.data.tenant !== batch.tenantId)) dropped.invalid += 1;
    else if (botRequest || isBotUserAgent(parsed.data.userAgent)) dropped.bot += 1;
    else candidates.push({ index, event: redactEvent(parsed.data) });
  });
  // Repeats within the batch are dropped here; the store drops repeats of earlier batches, on any node.
  const seen = new Set<string>();
  const unique = candidates.filter((c) => {
    const key = dedupeKey(batch.tenantId, c.event);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  dropped.duplicate += candidates.length - unique.length;
  const firsts = await deps.dedupe.claim(
    unique.map((c) => dedupeKey(batch.tenantId, c.event)),
    ANALYTICS_DEDUPE_MS,
  );
  const kept = unique.filter((_, i) => firsts[i]);
  dropped.duplicate += unique.length - kept.length;
  const claimed = kept.map((c) => dedupeKey(batch.tenantId, c.event));

  if (kept.length > 0) {
    const rows = kept.map(({ index, event: e }) => {
      const id = newId();
      ids[index] = id;
      return {
        tenantId: batch.tenantId,
        id,
        type: e.type,
        tid: e.tid,
        userId: batch.userId,
        client: e.client ?? null,
        environment: e.environment ?? null,
        userAgent: e.userAgent ?? null,
        meta: e.meta ?? null,
        offerId: e.offer ?? null,
        institutionId: e.institution ?? null,
        documentId: e.document ?? null,
        imageId: e.image ?? null,
        createdAt: batch.now,
      };
    });
    try {
      await (deps.store ? deps.store(batch.tenantId, rows) : storeAnalyticsEvents(deps.db, batch.tenantId, rows));
    } catch (err) {
      // Not stored: the keys claimed for these events go, or the client's retry would be dropped as a repeat.
      await deps.dedupe.release(claimed);
      throw err;
    }
  }
  return { result: { ids, recorded: kept.length, dropped }, recorded: kept.map((k) => k.event) };
}

/** An event row as stored (analytics_events). */
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

/**
 * Stores recorded events of one tenant and adds them to the rollups, in one transaction: the offers' institutions in
 * one query, the events in one insert, the rollups in two more statements, whatever the number of rows.
 */
export async function storeAnalyticsEvents(db: Db, tenantId: string, rows: readonly AnalyticsEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    const offerIds = [...new Set(rows.flatMap((r) => (r.offerId ? [r.offerId] : [])))];
    const institutionOf = new Map(
      offerIds.length === 0
        ? []
        : (
            await tx
              .select({ id: offers.id, institutionId: offers.institutionId })
              .from(offers)
              .where(and(eq(offers.tenantId, tenantId), inArray(offers.id, offerIds)))
          ).map((o) => [o.id, o.institutionId]),
    );
    // One JSON parameter for the whole batch rather than 14 bound values per event (see addToRollups).
    await tx.insert(analyticsEvents).select(
      sql`select e."tenantId", e.id, e.type, e.tid, e."userId", e.client, e.environment, e."userAgent", e.meta, e."offerId",
          e."institutionId", e."documentId", e."imageId", e."createdAt"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e("tenantId" text, id text, type text, tid text, "userId" text,
          client jsonb, environment jsonb, "userAgent" text, meta jsonb, "offerId" text, "institutionId" text, "documentId" text,
          "imageId" text, "createdAt" timestamptz)`,
    );
    await addToRollups(
      tx,
      tenantId,
      rows.map((r) => ({
        tid: r.tid,
        type: r.type,
        createdAt: r.createdAt,
        offerId: r.offerId,
        institutionId: r.institutionId ?? (r.offerId ? (institutionOf.get(r.offerId) ?? null) : null),
      })),
    );
  });
}

/** Links with reset or invite tokens must not end up in analytics: secret parameters are redacted. */
function redactEvent(e: EventInput): EventInput {
  const r = (v: string | undefined) => (v === undefined ? v : redactUrlSecrets(v));
  return {
    ...e,
    client: e.client && { ...e.client, path: redactUrlSecrets(e.client.path), referrer: r(e.client.referrer) },
    meta: e.meta && {
      ...e.meta,
      origin: r(e.meta.origin),
      location: e.meta.location && { ...e.meta.location, search: r(e.meta.location.search) },
    },
  };
}

/**
 * A signed-in visitor's click on an offer's call to action makes them a lead of the offer's institution (or touches the
 * lead it has): one upsert per offer clicked, each in its own transaction. The caller logs a failure and answers anyway.
 */
export async function recordLeadsFromClicks(db: Db, tenantId: string, userId: string | null, events: readonly EventInput[]): Promise<void> {
  if (!userId) return;
  const clicked = new Set(events.filter((e) => e.type === 'cta' && e.offer).map((e) => e.offer!));
  for (const offerId of clicked)
    await db.transaction((tx) => recordMarketplaceLead(tx, { tenantId, userId, offerId, act: { kind: 'cta' } }));
}
