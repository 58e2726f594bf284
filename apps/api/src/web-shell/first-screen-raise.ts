import {
  EARLY_GETS_INSTITUTION,
  INSTITUTION_CARD_LINK_WIDTHS,
  INSTITUTION_DASHBOARD_IMAGE_SIZES,
  INSTITUTION_DASHBOARD_OFFERS,
  institutionApiPath,
  institutionDashboardOffers,
  offerListApiPath,
  type ThemeMode,
} from '@tessera/domain';
import { escapeHtml } from '../lib/html.ts';
import { baseStyle, sideNavFrameStyle, svgIcon, type FirstScreen, type ScreenTheme } from './first-screen-theme.ts';
import { MEMBER_SCREEN_IDS, MEMBER_SCRIPT } from './first-screen-member.ts';

/** Raise mode's side navigation's width (apps/web features/raise institution-layout.tsx, NAV_WIDTH). */
const RAISE_NAV_WIDTH = 260;

/** MUI's Menu icon: the button that opens Raise mode's navigation under 900 px. */
const MENU_ICON = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';

/**
 * A Raise mode page's first screen in the area's frame (apps/web features/raise institution-layout.tsx,
 * components/side-nav-layout.tsx): the side navigation's place (from `md`, an empty column with its border), under
 * 900 px the row of the button that opens it (its title, the institution's name, comes with the app), and `content`
 * in the page's column. Hidden until MEMBER_SCRIPT shows it, for a member the app keeps in Raise mode.
 */
function raiseScreen(id: string, theme: ScreenTheme, mode: ThemeMode, content: string, attributes = ''): FirstScreen {
  return {
    style: baseStyle(theme) + raiseStyle(theme),
    body:
      `<div class="fs fs-r" id="${id}" data-mode="${mode}"${attributes}><div class="fs-r-nav"></div><div class="fs-r-main">` +
      `<div class="fs-r-menu"><span class="fs-icon">${svgIcon(MENU_ICON)}</span></div>` +
      `<div class="fs-r-in">${content}</div></div></div><script>${MEMBER_SCRIPT}</script>`,
  };
}

function raiseStyle(t: ScreenTheme): string {
  return [
    // SideNavLayout: the navigation's column from md, then the page's Box, px { xs: 2, sm: 3 }, py { xs: 2, md: 4 }.
    sideNavFrameStyle('fs-r', RAISE_NAV_WIDTH, t),
    '.fs-r-main{padding:16px}',
    '@media (min-width:600px){.fs-r-main{padding:16px 24px}}',
    // Under md, the Stack (row, mb 2) of the 40 px menu button and the title.
    '.fs-r-menu{display:flex;align-items:center;height:40px;margin-bottom:16px}',
    '@media (min-width:900px){.fs-r-main{padding:32px 24px}.fs-r-menu{display:none}}',
    // Box maxWidth 1200.
    '.fs-r-in{max-width:1200px;margin:0 auto}',
    // A page's heading row: the h4 beside what the app adds (shorter than it).
    '.fs-r-head{display:flex;align-items:center}',
  ].join('');
}

/**
 * The lead list's first screen (features/leads lead-list-page.tsx): the frame and the page's heading, which is its
 * largest text on a phone until the grid is drawn below the fold. What follows the heading (Create Lead, the charts,
 * the filters and the grid) is left to the app, beside and below what is painted: it moves nothing.
 */
export function leadListScreen(theme: ScreenTheme, mode: ThemeMode): FirstScreen {
  return raiseScreen(MEMBER_SCREEN_IDS.leadList, theme, mode, '<div class="fs-r-head"><h1 class="fs-h4">Leads</h1></div>');
}

/**
 * The institution dashboard's first screen (features/institution-dashboard institution-dashboard.tsx, offer-cards.tsx)
 * as the app draws it while its data loads: the frame, the heading (the preset buttons' place below it on phones), the
 * institution card's skeleton, and the Offers card with a skeleton per offer. MEMBER_SCRIPT sizes the institution's
 * skeleton to its name and fills the offers' with the three newest offers once the page's early GETs of them
 * (early-gets.ts) have answered: each card's
 * image (the page's largest paint on a phone), with the same copy the app's <img> picks, its name and short
 * description, the rest of the card (chips, metrics) as skeletons of their heights. The app's render then draws the
 * same cards in the same places. The page's other sections are left to the app, below what is painted.
 */
export function institutionDashboardScreen(tenantId: string, theme: ScreenTheme, mode: ThemeMode): FirstScreen {
  const offers = `/api/v1${offerListApiPath(tenantId, institutionDashboardOffers(EARLY_GETS_INSTITUTION))}`;
  const institution = `/api/v1${institutionApiPath(tenantId, EARLY_GETS_INSTITUTION)}`;
  const slots = '<div class="fs-i-slot fs-i-sk"></div>'.repeat(INSTITUTION_DASHBOARD_OFFERS);
  const content =
    '<div class="fs-r-head fs-i-head"><h1 class="fs-h4">Dashboard</h1></div>' +
    // The institution card's skeleton holds the card's layout, hidden, so its name (written once known) sizes it.
    '<div class="fs-i-sk fs-i-institution" aria-hidden="true"><div class="fs-i-inst"><div class="fs-i-avatar"></div>' +
    '<div class="fs-i-inst-text"><h2 class="fs-h5 fs-any fs-i-inst-name">&nbsp;</h2><p class="fs-b2">&nbsp;</p></div></div>' +
    `<div class="fs-i-links">${'<span></span>'.repeat(INSTITUTION_CARD_LINK_WIDTHS.length)}</div></div>` +
    '<section class="fs-card fs-i-offers" aria-label="Offers"><div class="fs-i-offers-head"><h2 class="fs-h5">Offers</h2></div>' +
    `<div class="fs-i-grid">${slots}</div></section>`;
  const screen = raiseScreen(
    MEMBER_SCREEN_IDS.institutionDashboard,
    theme,
    mode,
    content,
    ` data-offers="${escapeHtml(offers)}" data-institution="${escapeHtml(institution)}" data-sizes="${escapeHtml(INSTITUTION_DASHBOARD_IMAGE_SIZES)}"`,
  );
  return { ...screen, style: screen.style + institutionStyle(theme) };
}

function institutionStyle(t: ScreenTheme): string {
  return [
    `.fs-i-sk{background:${t.skeleton};border-radius:${t.radius}px}`,
    // The heading's Stack: a column on phones (the preset buttons, 38.75 px, 16 px below the heading), a row from md.
    '.fs-i-head{flex-direction:column;align-items:stretch;gap:16px}',
    ".fs-i-head::after{content:'';height:38.75px}",
    '@media (min-width:900px){.fs-i-head{flex-direction:row;align-items:center}.fs-i-head::after{content:none}}',
    // Stack spacing 3; the institution card's skeleton as tall as the card (institution-card.tsx): its border,
    // CardContent's padding (24 at the bottom), the logo (64 px) over (from sm beside) the name (h5, which may wrap) and
    // its type line, then the six link buttons' boxes (30.75 px high, 8 apart), which wrap as the buttons do.
    '.fs-i-institution{margin-top:24px;border:1px solid transparent;padding:16px 16px 24px}',
    '.fs-i-inst{display:flex;flex-direction:column;gap:16px}',
    '.fs-i-avatar{flex-shrink:0;width:64px;height:64px}',
    '.fs-i-inst-text{flex:1;min-width:0;visibility:hidden}',
    '.fs-i-links{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}',
    '.fs-i-links>span{height:30.75px}',
    ...INSTITUTION_CARD_LINK_WIDTHS.map((width, i) => `.fs-i-links>span:nth-child(${i + 1}){width:${width}px}`),
    '@media (min-width:600px){.fs-i-inst{flex-direction:row;align-items:center}}',
    // The Offers card: CardHeader (16 px around the h5 title), CardContent with pt 0 (24 px at the bottom, last child).
    '.fs-i-offers{margin-top:24px}',
    '.fs-i-offers-head{padding:16px}',
    '.fs-i-grid{display:flex;flex-wrap:wrap;gap:16px;padding:0 16px 24px}',
    // Grid size { xs: 12, md: 4 } with spacing 2; the loading skeleton is 260 px.
    '.fs-i-slot{width:100%;min-width:0}',
    '.fs-i-sk.fs-i-slot{height:260px}',
    '@media (min-width:900px){.fs-i-slot{width:calc((100% - 32px) / 3)}}',
    // An offer's card (offer-cards.tsx): outlined, the 140 px image, CardContent (16 px around: not a last child's 24).
    '.fs-i-card{display:flex;flex-direction:column}',
    '.fs-i-img{display:block;width:100%;height:140px;object-fit:cover}',
    `.fs-i-noimg{background:${t.actionHover}}`,
    '.fs-i-body{flex:1;padding:16px}',
    '.fs-i-title{font-size:1rem;font-weight:600;line-height:1.75;overflow-wrap:anywhere}',
    // The chips' row (24 px, my 1), the two-line description (mb 1), the metrics' row (46 px: caption over subtitle2;
    // a long asset class wraps it to a second row in the app, which moves the cards below the first on a phone).
    '.fs-i-chips{height:24px;margin:8px 0;width:60%}',
    '.fs .fs-i-desc{display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden;margin-bottom:8px}',
    '.fs-i-metrics{height:46px;width:80%}',
  ].join('');
}
