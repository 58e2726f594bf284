import { z } from 'zod';
import { analyticsEventType } from './enums.ts';
import { objectId } from './ids.ts';
import { seriesPoint } from './institution.ts';

// Speed at scale (#25): the batch answer, rollups and the dashboards' analytics. A module of its own, so the pages
// that only send events (the public offer page above all) do not carry these schemas on their first load.

/**
 * The answer to a batch: each event's id in the order sent, null where it was not recorded (invalid, from a bot,
 * or a duplicate); how many were recorded; and how many were dropped, by reason. A batch with invalid events is
 * not refused: the valid ones are recorded (#25).
 */
export const analyticsBatchResult = z
  .object({
    ids: z.array(objectId.nullable()).describe('The id of each event in the order sent; null where it was dropped'),
    recorded: z.number().int().describe('How many events were recorded'),
    dropped: z
      .object({
        invalid: z.number().int().describe('Events that did not match the AnalyticsEvent schema'),
        bot: z.number().int().describe('Events from a crawler or other bot (by user agent)'),
        duplicate: z.number().int().describe('Repeats of the same tid, type and target within a second'),
      })
      .describe('Events not recorded, by reason'),
  })
  .meta({
    id: 'AnalyticsBatchResult',
    description: 'Which events of a batch were recorded, and how many were dropped and why.',
    examples: [{ ids: ['6745a1c2e4b0a1b2c3d4e5d1', null], recorded: 1, dropped: { invalid: 1, bot: 0, duplicate: 0 } }],
  });
export type AnalyticsBatchResult = z.infer<typeof analyticsBatchResult>;

/** What a rollup is kept for: the whole tenant, one institution, one offer. */
export const analyticsRollupScope = z.enum(['tenant', 'institution', 'offer']);
export type AnalyticsRollupScope = z.infer<typeof analyticsRollupScope>;
/** Rollup bucket sizes, in UTC (the dashboards' scales). */
export const analyticsRollupScale = z.enum(['hour', 'day', 'month']);
export type AnalyticsRollupScale = z.infer<typeof analyticsRollupScale>;

/**
 * Which events make a tid a visitor of a scope (#25): of the tenant, any event; of an offer or an institution, an event
 * on it other than an impression (its page, a document, a call to action). A card seen in a list is an impression of
 * the offer, not a visit: counted as one, a single list page would make its reader a visitor of 20 offers.
 */
export const ANALYTICS_NOT_VISITS = ['impression'] as const satisfies readonly z.infer<typeof analyticsEventType>[];
export const countsAsVisit = (scope: AnalyticsRollupScope, type: z.infer<typeof analyticsEventType>): boolean =>
  scope === 'tenant' || !(ANALYTICS_NOT_VISITS as readonly string[]).includes(type);

/** Which event types each counted metric adds up; `visitors` is distinct tids (countsAsVisit). */
export const ANALYTICS_METRIC_EVENTS = {
  impressions: ['impression'],
  views: ['view', 'offer-view', 'institution-view'],
  documentViews: ['document-view'],
  documentDownloads: ['document-download'],
  ctaClicks: ['cta'],
} as const satisfies Record<string, readonly z.infer<typeof analyticsEventType>[]>;
export const ANALYTICS_METRICS = ['impressions', 'visitors', 'views', 'documentViews', 'documentDownloads', 'ctaClicks'] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
export const ANALYTICS_METRIC_LABELS: Record<AnalyticsMetric, string> = {
  impressions: 'Impressions',
  visitors: 'Unique visitors',
  views: 'Page views',
  documentViews: 'Document views',
  documentDownloads: 'Document downloads',
  ctaClicks: 'CTA clicks',
};

export const analyticsCounts = z
  .object({
    impressions: z.number().int().describe('Offer cards seen on marketplace lists'),
    visitors: z
      .number()
      .int()
      .describe(
        'Distinct tracking ids (unique visitors): of the tenant, any event; of an offer or an institution, an event on it other than an impression (its page, a document, a call to action)',
      ),
    views: z.number().int().describe('Page views (route changes, offer and institution pages)'),
    documentViews: z.number().int(),
    documentDownloads: z.number().int(),
    ctaClicks: z.number().int().describe('Call-to-action clicks (Invest Now)'),
  })
  .meta({
    id: 'AnalyticsCounts',
    description: 'Analytics counts of one bucket or of a whole window.',
    examples: [{ impressions: 120, visitors: 40, views: 65, documentViews: 9, documentDownloads: 3, ctaClicks: 2 }],
  });
export type AnalyticsCounts = z.infer<typeof analyticsCounts>;

export const analyticsPoint = analyticsCounts.extend({ bucket: z.iso.datetime().describe("The bucket's start, in UTC") }).meta({
  id: 'AnalyticsPoint',
  description: "One bucket's analytics counts; visitors are distinct within the bucket.",
  examples: [
    { bucket: '2026-11-27T00:00:00.000Z', impressions: 120, visitors: 40, views: 65, documentViews: 9, documentDownloads: 3, ctaClicks: 2 },
  ],
});
export type AnalyticsPoint = z.infer<typeof analyticsPoint>;

/** One day's window of analytics, the example every dashboard's published schema shows. */
export const ANALYTICS_SERIES_EXAMPLE = {
  scale: 'day' as const,
  start: '2026-11-27T00:00:00.000Z',
  end: '2026-11-27T12:00:00.000Z',
  points: [
    { bucket: '2026-11-27T00:00:00.000Z', impressions: 53, visitors: 21, views: 30, documentViews: 4, documentDownloads: 1, ctaClicks: 1 },
  ],
  totals: { impressions: 53, visitors: 21, views: 30, documentViews: 4, documentDownloads: 1, ctaClicks: 1 },
};

/**
 * A dashboard's analytics for a window: one point per bucket of `scale` from the bucket holding start to the one
 * holding end (empty buckets included, zeros), and the window's totals (visitors distinct over the whole window,
 * so not the sum of the points). Read from the rollups, never from raw events.
 */
export const analyticsSeries = z
  .object({
    scale: analyticsRollupScale,
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    points: z.array(analyticsPoint),
    totals: analyticsCounts,
  })
  .meta({
    id: 'AnalyticsSeries',
    description: 'Analytics per bucket over a window, with the totals of the window (unique visitors counted once across buckets).',
    examples: [ANALYTICS_SERIES_EXAMPLE],
  });
export type AnalyticsSeries = z.infer<typeof analyticsSeries>;

/** One offer or institution ranked on a dashboard ("top offers of the window"). */
export const analyticsRanked = z.object({ _id: objectId, name: z.string(), totals: analyticsCounts }).meta({
  id: 'AnalyticsRanked',
  description: 'An offer or institution with its analytics totals over the window, for the top-N lists.',
  examples: [
    {
      _id: '6745a1c2e4b0a1b2c3d4e5c1',
      name: 'Harbor Fund II',
      totals: { impressions: 120, visitors: 40, views: 65, documentViews: 9, documentDownloads: 3, ctaClicks: 2 },
    },
  ],
});
export type AnalyticsRanked = z.infer<typeof analyticsRanked>;
/** How many offers / institutions the tenant dashboard ranks. */
export const ANALYTICS_TOP_N = 5;

/** User agents not counted: crawlers, link previews, scripted clients, monitoring (headless Chromium is not a bot: journeys and Lighthouse drive it) (matched case-insensitively). */
export const BOT_USER_AGENT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|phantomjs|pingdom|uptimerobot|python-requests|curl\/|wget|go-http-client|axios\/|node-fetch|okhttp|java\//i;
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && BOT_USER_AGENT.test(userAgent);
}

// The dashboards that carry analytics (here, not beside their entities, for the same first-load reason).

export const institutionDashboard = z
  .object({
    offers: z.object({ total: z.number().int(), published: z.number().int(), visible: z.number().int() }),
    /** The institution's leads created per bucket and in the window, and all of them per lead account status (lead.ts leadAccountStatus). */
    leads: z.object({ newInPeriod: z.number().int(), series: z.array(seriesPoint), byStatus: z.record(z.string(), z.number().int()) }),
    /** The analytics of the institution's offer and institution pages, from the rollups (#25). */
    analytics: analyticsSeries,
  })
  .meta({
    id: 'InstitutionDashboard',
    description:
      "An institution's dashboard for a window: its offers, its leads and the analytics of its offer pages, one point per bucket (empty buckets included), with the window's totals.",
    examples: [
      {
        offers: { total: 3, published: 2, visible: 2 },
        leads: { newInPeriod: 0, series: [], byStatus: {} },
        analytics: ANALYTICS_SERIES_EXAMPLE,
      },
    ],
  });
export type InstitutionDashboard = z.infer<typeof institutionDashboard>;

export const offerDashboard = z
  .object({
    /** Since the offer was created (monthly rollups; unique visitors counted once). */
    allTime: analyticsCounts,
    /** The window asked for (default: the last month by day). */
    analytics: analyticsSeries,
  })
  .meta({
    id: 'OfferDashboard',
    description: "An offer's analytics: all-time totals and one window per bucket, read from the rollups (#25).",
    examples: [
      {
        allTime: { impressions: 1840, visitors: 612, views: 700, documentViews: 90, documentDownloads: 12, ctaClicks: 7 },
        analytics: ANALYTICS_SERIES_EXAMPLE,
      },
    ],
  });
export type OfferDashboard = z.infer<typeof offerDashboard>;
