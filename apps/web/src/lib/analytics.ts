import { analyticsBatchResult, TID_COOKIE, type AnalyticsEventInput, type AnalyticsEventType, type AppType } from '@tessera/domain';
import { api, API_BASE } from './api-client.ts';
import { readStoredToken } from './storage.ts';

/** Who and where, by id only: analytics never carries e-mails or names. */
export interface AnalyticsContext {
  userId?: string | null;
  tenantId?: string | null;
  appType?: AppType | null;
}

type EventExtras = Omit<AnalyticsEventInput, 'type' | 'tid' | 'user' | 'tenant' | 'client' | 'environment' | 'userAgent'>;

const TID_MAX_AGE_SECONDS = 60 * 60 * 24 * 365 * 2;
/** Query parameters that carry secrets (reset and invite links) are never recorded. */
const SECRET_PARAMS = ['token', 'resetToken', 'inviteToken'];

/**
 * The cookie's name: on https `__Host-tid`, which the browser sets only when Secure, for this host alone and for
 * path / (ASVS 3.3.1), so no sibling subdomain (another tenant) can plant or overwrite it; plain `tid` on http
 * (localhost during development), where a __Host- cookie cannot be set.
 */
export function trackingCookieName(): string {
  return location.protocol === 'https:' ? `__Host-${TID_COOKIE}` : TID_COOKIE;
}

/** The tracking id kept in the tracking cookie, created once with a random id. */
export function trackingId(): string {
  const name = trackingCookieName();
  const existing = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (existing && /^[A-Za-z0-9_-]{8,64}$/.test(existing)) return existing;
  const tid = crypto.randomUUID().replace(/-/g, '');
  // Secure wherever the page itself is (plain http only on localhost during development).
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${tid}; path=/; max-age=${TID_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  return tid;
}

export function redactSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, 'redacted');
  const text = params.toString();
  return text ? `?${text}` : '';
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${redactSearch(parsed.search)}`;
  } catch {
    return '';
  }
}

export function buildEvent(type: AnalyticsEventType, context: AnalyticsContext, extras: EventExtras = {}): AnalyticsEventInput {
  const { location } = window;
  return {
    type,
    tid: trackingId(),
    user: context.userId ?? null,
    tenant: context.tenantId ?? null,
    client: {
      path: location.pathname.slice(0, 2048),
      title: document.title.slice(0, 512),
      referrer: redactUrl(document.referrer).slice(0, 2048),
    },
    environment: {
      protocol: location.protocol,
      host: location.host,
      env: import.meta.env.MODE,
      version: __APP_VERSION__,
      ...(context.appType ? { appType: context.appType } : {}),
    },
    userAgent: navigator.userAgent.slice(0, 1024),
    ...extras,
  };
}

/** The page-view event of §2: one per route change. */
export function buildViewEvent(context: AnalyticsContext, referrer: string | null): AnalyticsEventInput {
  const { pathname, search, hash } = window.location;
  const event = buildEvent('view', context, {
    meta: { location: { pathname: pathname.slice(0, 2048), search: redactSearch(search).slice(0, 2048), hash: hash.slice(0, 512) } },
  });
  if (referrer !== null && event.client) event.client.referrer = redactUrl(referrer).slice(0, 2048);
  return event;
}

/** Browsers refuse a keepalive request whose body is over 64 KiB; a bigger batch goes as an ordinary one. */
const KEEPALIVE_MAX_BYTES = 60_000;

/**
 * Sends events and answers each one's id (null where the server dropped it: invalid, a bot, a repeat). `leaving` (the
 * page is being hidden or unloaded): a signed-out visitor's events go by `navigator.sendBeacon`, which the browser
 * delivers after the page is gone; a signed-in member's by a `keepalive` fetch, because a beacon cannot carry the
 * bearer token that says whose events they are. A beacon the browser refuses falls back to the keepalive fetch.
 */
export function postAnalytics(events: AnalyticsEventInput | AnalyticsEventInput[], { leaving = false } = {}): Promise<(string | null)[]> {
  const body = JSON.stringify(events);
  if (leaving && !readStoredToken() && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(`${API_BASE}/analytics`, new Blob([body], { type: 'application/json' }))) return Promise.resolve([]);
    } catch {
      // Refused (a policy, a body too large): the fetch below.
    }
  }
  const keepalive = leaving && new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES;
  return api.post('/analytics', events, analyticsBatchResult, { keepalive }).then((r) => r.ids);
}

/** Records one event and returns its id; analytics never breaks a user's action, so failures give undefined. */
export async function recordEvent(event: AnalyticsEventInput): Promise<string | undefined> {
  try {
    const [id] = await postAnalytics(event);
    return id ?? undefined;
  } catch {
    return undefined;
  }
}
