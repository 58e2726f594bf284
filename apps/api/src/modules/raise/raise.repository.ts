import type { DashboardScale } from '@tessera/domain';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { analyticsEvents, offers } from '../../db/schema/index.ts';
import { utcBucketStart } from '../../lib/time-buckets.ts';

/** What counts as an impression of an offer page, and as an interaction with it. */
export const IMPRESSION_EVENTS = ['impression', 'offer-view', 'view'] as const;
export const INTERACTION_EVENTS = ['cta', 'click', 'document-view', 'document-download'] as const;

/** An institution's offers: all, published, and visible on the marketplace, in one query. */
export async function countInstitutionOffers(db: DbOrTx, tenantId: string, institutionId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      published: sql<number>`(count(*) filter (where ${offers.published}))::int`,
      visible: sql<number>`(count(*) filter (where ${offers.visibilityStatus} = 'visible'))::int`,
    })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.institutionId, institutionId)));
  return row ?? { total: 0, published: 0, visible: 0 };
}

export interface AnalyticsCounts {
  impressions: number;
  visitors: number;
  interactions: number;
}

/** Analytics events of a window that name an offer of the institution (the offer ids come from a sub-query, never a loop). */
function offerEventsOf(db: DbOrTx, tenantId: string, institutionId: string, start: Date, end: Date) {
  const institutionOffers = db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.tenantId, tenantId), eq(offers.institutionId, institutionId)));
  return and(
    eq(analyticsEvents.tenantId, tenantId),
    inArray(analyticsEvents.offerId, institutionOffers),
    gte(analyticsEvents.createdAt, start),
    lte(analyticsEvents.createdAt, end),
  );
}

const counts = {
  impressions: sql<number>`(count(*) filter (where ${analyticsEvents.type} in (${sql.join(
    IMPRESSION_EVENTS.map((t) => sql`${t}`),
    sql`, `,
  )})))::int`,
  visitors: sql<number>`count(distinct ${analyticsEvents.tid})::int`,
  interactions: sql<number>`(count(*) filter (where ${analyticsEvents.type} in (${sql.join(
    INTERACTION_EVENTS.map((t) => sql`${t}`),
    sql`, `,
  )})))::int`,
};

/**
 * Impressions, distinct visitors and interactions per UTC bucket of `scale`, in one grouped query
 * (buckets without events are absent). Keys are the ISO bucket starts.
 */
export async function countOfferAnalyticsPerBucket(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  start: Date,
  end: Date,
  scale: DashboardScale,
): Promise<Map<string, AnalyticsCounts>> {
  const bucket = utcBucketStart(analyticsEvents.createdAt, scale);
  const rows = await db
    .select({ bucket, ...counts })
    .from(analyticsEvents)
    .where(offerEventsOf(db, tenantId, institutionId, start, end))
    .groupBy(sql`1`);
  return new Map(rows.map(({ bucket: key, ...rest }) => [key, rest]));
}

/** The window's totals (visitors are distinct over the whole window, so they are not the sum of the buckets). */
export async function countOfferAnalyticsTotals(
  db: DbOrTx,
  tenantId: string,
  institutionId: string,
  start: Date,
  end: Date,
): Promise<AnalyticsCounts> {
  const [row] = await db
    .select(counts)
    .from(analyticsEvents)
    .where(offerEventsOf(db, tenantId, institutionId, start, end));
  return row ?? { impressions: 0, visitors: 0, interactions: 0 };
}
