import { redactUrlSecrets, type analyticsEventInput } from '@tessera/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { analyticsEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { recordMarketplaceLead } from '../leads/index.ts';

type EventInput = z.output<typeof analyticsEventInput>;

/** Stores events for one tenant in one insert. Events naming another tenant are refused. */
export async function recordAnalytics(db: Db, tenantId: string, userId: string | null, events: EventInput[]): Promise<string[]> {
  if (events.some((e) => e.tenant && e.tenant !== tenantId)) {
    throw new AppError('bad-request', 'tenant does not match the organization of this address');
  }
  const rows = events.map(redactEvent).map((e) => ({
    tenantId,
    id: newId(),
    type: e.type,
    tid: e.tid,
    userId,
    client: e.client ?? null,
    environment: e.environment ?? null,
    userAgent: e.userAgent ?? null,
    meta: e.meta ?? null,
    offerId: e.offer ?? null,
    institutionId: e.institution ?? null,
    documentId: e.document ?? null,
    imageId: e.image ?? null,
  }));
  await db.insert(analyticsEvents).values(rows);
  return rows.map((r) => r.id);
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
export async function recordLeadsFromClicks(db: Db, tenantId: string, userId: string | null, events: EventInput[]): Promise<void> {
  if (!userId) return;
  const offers = new Set(events.filter((e) => e.type === 'cta' && e.offer).map((e) => e.offer!));
  for (const offerId of offers)
    await db.transaction((tx) => recordMarketplaceLead(tx, { tenantId, userId, offerId, act: { kind: 'cta' } }));
}
