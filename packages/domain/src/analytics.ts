import { z } from 'zod';
import { analyticsEventType, appType } from './enums.ts';
import { objectId } from './ids.ts';

const shortText = (max: number) => z.string().max(max, `must be at most ${max} characters`);

/** §3 analytics event. PII never goes in: ids only, no e-mail, no free text beyond page data. */
export const analyticsEventInput = z
  .object({
    type: analyticsEventType,
    tid: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'tid must be 8 to 64 letters, digits, - or _'),
    user: objectId.nullish(),
    tenant: objectId.nullish(),
    client: z
      .object({ path: shortText(2048), title: shortText(512).optional(), referrer: shortText(2048).optional() })
      .strict()
      .optional(),
    environment: z
      .object({
        protocol: shortText(16).optional(),
        host: shortText(255).optional(),
        env: shortText(32).optional(),
        version: shortText(64).optional(),
        appType: appType.optional(),
      })
      .strict()
      .optional(),
    userAgent: shortText(1024).optional(),
    meta: z
      .object({
        location: z
          .object({ pathname: shortText(2048).optional(), search: shortText(2048).optional(), hash: shortText(512).optional() })
          .strict()
          .optional(),
        origin: shortText(2048).optional(),
        state: z.record(z.string(), z.union([z.string().max(256), z.number(), z.boolean(), z.null()])).optional(),
        cta: shortText(64).optional(),
      })
      .strict()
      .optional(),
    offer: objectId.optional(),
    institution: objectId.optional(),
    document: objectId.optional(),
    image: objectId.optional(),
  })
  .strict()
  .meta({
    id: 'AnalyticsEvent',
    description: 'One usage event: its type, the browser tab id and page data; ids only, never personal data.',
    examples: [
      {
        type: 'offer-view',
        tid: 'k3J9x2LmQ8',
        client: { path: '/marketplace/offers/6745a1c2e4b0a1b2c3d4e5c1', title: 'Harbor Fund II' },
        environment: { appType: 'platform' },
        offer: '6745a1c2e4b0a1b2c3d4e5c1',
      },
    ],
  });
export type AnalyticsEventInput = z.input<typeof analyticsEventInput>;

export const ANALYTICS_BATCH_MAX = 50;
export const analyticsBody = z.union([
  analyticsEventInput,
  z
    .array(analyticsEventInput)
    .min(1, 'send at least one event')
    .max(ANALYTICS_BATCH_MAX, `send at most ${ANALYTICS_BATCH_MAX} events at once`),
]);
export type AnalyticsBody = z.input<typeof analyticsBody>;

export const analyticsResult = z.object({ ids: z.array(objectId).describe('The ids of the recorded events, in the order sent') }).meta({
  id: 'AnalyticsResult',
  description: 'The ids the events were recorded under.',
  examples: [{ ids: ['6745a1c2e4b0a1b2c3d4e5d1'] }],
});

export const TID_COOKIE = 'tid';

/** Query parameters that may carry secrets or personal data: never stored with analytics. */
const SECRET_PARAM = /token|password|secret|code|email|ssn|tin|ein|birth|dob/i;

/** Drops secret-bearing query parameters from a path, search string or absolute URL, keeping the rest. */
export function redactUrlSecrets(value: string): string {
  const queryAt = value.indexOf('?');
  if (queryAt === -1) return value;
  const hashAt = value.indexOf('#', queryAt);
  const base = value.slice(0, queryAt);
  const query = value.slice(queryAt + 1, hashAt === -1 ? undefined : hashAt);
  const hash = hashAt === -1 ? '' : value.slice(hashAt);
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) if (SECRET_PARAM.test(key)) params.set(key, 'redacted');
  const rest = params.toString();
  return `${base}${rest ? `?${rest}` : ''}${hash}`;
}

// ── Speed at scale (#25): batching, rollups and the dashboards' analytics ───────────────────────────

/** The client sends its queue when it holds this many events, or after ANALYTICS_FLUSH_MS, or when the page is hidden (sendBeacon). */
export const ANALYTICS_FLUSH_MS = 5000;
/** The same tid, type and target within this window count once (000 §7; #25). */
export const ANALYTICS_DEDUPE_MS = 1000;

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

/** Which event types each counted metric adds up; `visitors` is distinct tids over every event of the scope. */
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
    visitors: z.number().int().describe('Distinct tracking ids (unique visitors)'),
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
    examples: [
      {
        scale: 'day',
        start: '2026-11-27T00:00:00.000Z',
        end: '2026-11-27T12:00:00.000Z',
        points: [
          {
            bucket: '2026-11-27T00:00:00.000Z',
            impressions: 120,
            visitors: 40,
            views: 65,
            documentViews: 9,
            documentDownloads: 3,
            ctaClicks: 2,
          },
        ],
        totals: { impressions: 120, visitors: 40, views: 65, documentViews: 9, documentDownloads: 3, ctaClicks: 2 },
      },
    ],
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
