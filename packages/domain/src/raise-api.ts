import { toSearch } from './marketplace-api.ts';
import type { OfferListQuery } from './offer.ts';

/**
 * Raise mode's API paths (under /api/v1) that a landing page asks for first, built once for both sides: the web app's
 * fetchers request them (apps/web features/raise, features/offers) and the server writes them into the page as its
 * early GETs (apps/api web-shell/early-gets.ts), which the app takes only for the very same path.
 */
const tenantApiPath = (tenantId: string) => `/tenant/${encodeURIComponent(tenantId)}`;

/** GET tenant/{t}/institutions/{id}: one institution (the one picked in Raise mode). */
export const institutionApiPath = (tenantId: string, id: string) => `${tenantApiPath(tenantId)}/institutions/${encodeURIComponent(id)}`;

/** GET tenant/{t}/offers with a list's query, its keys in the order given. */
export const offerListApiPath = (tenantId: string, q: OfferListQuery = {}) => `${tenantApiPath(tenantId)}/offers${toSearch(q)}`;

/** The offers on an institution's dashboard: its three newest (002 §2). */
export const INSTITUTION_DASHBOARD_OFFERS = 3;

/** The offer list query of an institution's dashboard. */
export const institutionDashboardOffers = (institution: string) => ({ institution, limit: INSTITUTION_DASHBOARD_OFFERS }) as const;

/**
 * How wide an offer card's image is drawn on an institution's dashboard, so the browser picks the narrowest copy that
 * is sharp: the window less the page's and the section card's paddings and borders on a phone (34 px a side) and from
 * sm (42 px a side); from md a third of what the side navigation (241 px) leaves, less the paddings and the gaps
 * between cards (a few px over at 1280 px, and more past the page's widest, which only ever picks a sharper copy).
 * Measured in Chromium: 292 px at 360, 344 at 412, 516 at 600, 815 at 899, 300 at 1280. With '100vw' a phone at 412 px
 * (DPR 1.75) fetched the 960 px copy for 344 px, and 1280 at 360 px (DPR 3). The app's cards, its loader's preloads and
 * the server's first screen (apps/api web-shell/first-screen-raise.ts) all use it.
 */
export const INSTITUTION_DASHBOARD_IMAGE_SIZES =
  '(min-width: 900px) calc((100vw - 241px) / 3 - 39px), (min-width: 600px) calc(100vw - 84px), calc(100vw - 68px)';

/**
 * The widths Chromium draws an institution card's six link buttons at in the institution area (apps/web
 * features/institution-dashboard institution-card.tsx: Marketplace Profile, Members, Settings, Activity, Leads, Offers;
 * small outlined buttons with their icons, in the app's Roboto): the server's first screen lays out boxes of these
 * widths (apps/api web-shell/first-screen-raise.ts), so its skeleton wraps into as many rows as the buttons do at any
 * window width. e2e/specs/first-screen.spec.ts measures the app's buttons and fails when one is off by 0.5 px or more.
 */
export const INSTITUTION_CARD_LINK_WIDTHS = [182.15625, 99.34375, 92.390625, 87.921875, 79.015625, 80.421875] as const;

/**
 * The page's early GETs: a JSON script with this id holds a list of API paths (with /api/v1) in which
 * EARLY_GETS_INSTITUTION stands for the institution picked in Raise mode. An inline script (apps/api
 * web-shell/early-gets.ts) fills them from the session stored in the browser and starts them with its bearer token
 * before the app's script has loaded; it leaves the responses in `window[EARLY_GETS_GLOBAL]`, and the app's API client
 * takes each once, for the same path and token (apps/web lib/early-gets.ts).
 */
export const EARLY_GETS_ID = 'early-gets';
/** Letters and digits only, so that it reads the same once encoded in a path or a query. */
export const EARLY_GETS_INSTITUTION = 'EARLYGETSINSTITUTION';
export const EARLY_GETS_GLOBAL = '__tesseraEarlyGets';

/** What the inline script leaves in `window[EARLY_GETS_GLOBAL]`. */
export interface EarlyGets {
  /** The bearer token the requests were sent with. */
  token: string;
  /** The responses, by path (with /api/v1 and the query): the app's API client takes each once. */
  gets: Record<string, Promise<Response>>;
  /** The body of each 2xx response (null otherwise), read from a copy: for the page's first screen. */
  json: Record<string, Promise<unknown>>;
}
