import { DEFAULT_BRANDING, MARKETPLACE_OFFER_TABS, type TenantBootstrap } from '@tessera/domain';
import { dashboardScreen } from './first-screen-dashboard.ts';
import { institutionDashboardScreen, leadListScreen } from './first-screen-raise.ts';
import { listScreen } from './first-screen-list.ts';
import { offerScreen } from './first-screen-offer.ts';
import { screenTheme, type FirstScreen } from './first-screen-theme.ts';
import { firstRequests } from './page-answers.ts';

/** The investor dashboard's address (apps/web app/routes/investor-routes.tsx). */
const INVESTOR_DASHBOARD = '/investor/dashboard';
/** The lead list's and the institution dashboard's addresses in Raise mode (apps/web app/routes/institution-routes.tsx). */
const LEAD_LIST = '/institution/leads';
const INSTITUTION_DASHBOARD = '/institution/dashboard';

export interface FirstScreenInput {
  bootstrap: TenantBootstrap;
  /** The request path, e.g. /marketplace/offers/cedar-point-hotel/home. */
  path: string;
  /** The page's first GETs' answers (page-answers.ts), by API path. */
  answers: Record<string, unknown>;
  /** The first screen's Roboto faces: `firstScreenFonts(index.html).faces`. */
  fontFaces?: string;
}

/**
 * The first screen of a landing page (the marketplace's two, the investor dashboard, the lead list and the institution dashboard) as static HTML, painted under the server's top bar (first-paint.ts) until the
 * app's first render replaces it. Null where the page has none: the top bar is painted alone.
 *
 * It is drawn as the app draws the same screen, in the same places and sizes (first-screen-offer.ts,
 * first-screen-list.ts), so the app's render changes nothing a visitor sees and adds no larger paint: the page's
 * Largest Contentful Paint is this HTML's, made once it and its Roboto faces have arrived (first-screen-theme.ts),
 * as for a server-rendered page. Only what the answers hold is painted; a page whose answers are missing (a filtered list, an offer the API did not find) is
 * left to the app.
 */
export function firstScreen({ bootstrap, path, answers, fontFaces = '' }: FirstScreenInput): FirstScreen | null {
  const { tenantId } = bootstrap;
  if (!tenantId) return null;
  if (path === INVESTOR_DASHBOARD || path === LEAD_LIST || path === INSTITUTION_DASHBOARD) {
    // The member is known only to the browser: the screen shows once its inline script has read the stored session.
    const branding = bootstrap.tenant?.branding ?? DEFAULT_BRANDING;
    const theme = screenTheme(bootstrap, fontFaces);
    const mode = branding.theme.defaultMode;
    if (path === LEAD_LIST) return leadListScreen(theme, mode);
    if (path === INSTITUTION_DASHBOARD) return institutionDashboardScreen(tenantId, theme, mode);
    return dashboardScreen(theme, branding.messaging, mode);
  }
  // The same addresses page-answers.ts asked for; a list with a filter has no answer for its offers.
  const requests = firstRequests(tenantId, path, '');
  if (requests.length === 0) return null;
  const segments = path.split('/').filter(Boolean);
  const theme = screenTheme(bootstrap, fontFaces);
  if (segments.length === 2) {
    const [offers] = requests;
    if (!offers || !(offers in answers)) return null;
    return listScreen(theme, answers[requests.find((url) => url.endsWith('/showcase')) ?? '']);
  }
  const answer = answers[requests[0] ?? ''];
  if (answer === undefined) return null;
  // Cannot throw: firstRequests asks for nothing when the segment is malformed. The app links by the decoded value.
  const idOrSlug = decodeURIComponent(segments[2] ?? '');
  const tab = MARKETPLACE_OFFER_TABS.find((t) => t.segment === segments[3])?.segment ?? 'home';
  return offerScreen(theme, answer, idOrSlug, tab);
}
