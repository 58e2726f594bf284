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
