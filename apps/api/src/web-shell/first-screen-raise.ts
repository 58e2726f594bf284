import type { ThemeMode } from '@tessera/domain';
import { baseStyle, svgIcon, type FirstScreen, type ScreenTheme } from './first-screen-theme.ts';
import { MEMBER_SCREEN_IDS, MEMBER_SCRIPT } from './first-screen-member.ts';

/** Raise mode's side navigation's width (apps/web features/raise institution-layout.tsx, NAV_WIDTH). */
const RAISE_NAV_WIDTH = 260;

/** MUI's Menu icon: the button that opens Raise mode's navigation under 900 px. */
const MENU_ICON = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';

/**
 * The lead list's first screen as the app lays it out (apps/web features/raise institution-layout.tsx,
 * components/side-nav-layout.tsx, features/leads lead-list-page.tsx): Raise mode's side navigation's place (from `md`,
 * an empty column with its border), under 900 px the row of the button that opens it (its title, the institution's
 * name, comes with the app), and the page's heading, which is its largest text on a phone until the grid is drawn
 * below the fold. Shown by MEMBER_SCRIPT for a member the app keeps in Raise mode; what follows the heading (Create
 * Lead, the charts, the filters and the grid) is left to the app, beside and below what is painted: it moves nothing.
 */
export function leadListScreen(theme: ScreenTheme, mode: ThemeMode): FirstScreen {
  return {
    style: baseStyle(theme) + leadListStyle(theme),
    body:
      `<div class="fs fs-l" id="${MEMBER_SCREEN_IDS.leadList}" data-mode="${mode}"><div class="fs-l-nav"></div><div class="fs-l-main">` +
      `<div class="fs-l-menu"><span class="fs-icon">${svgIcon(MENU_ICON)}</span></div>` +
      '<div class="fs-l-in"><div class="fs-l-head"><h1 class="fs-h4">Leads</h1></div></div>' +
      `</div></div><script>${MEMBER_SCRIPT}</script>`,
  };
}

function leadListStyle(t: ScreenTheme): string {
  return [
    // Shown by MEMBER_SCRIPT only; the navigation's border runs down the page, as the app's row fills the window.
    '.fs-l{display:none}',
    '.fs-l.fs-on{display:flex;min-height:100vh}',
    // SideNavLayout: the navigation's column from md (its width and right border), then the page's Box, px { xs: 2,
    // sm: 3 }, py { xs: 2, md: 4 }.
    `.fs-l-nav{display:none;flex-shrink:0;width:${RAISE_NAV_WIDTH + 1}px;border-right:1px solid ${t.divider}}`,
    '.fs-l-main{flex:1;min-width:0;padding:16px}',
    '@media (min-width:600px){.fs-l-main{padding:16px 24px}}',
    // Under md, the Stack (row, mb 2) of the 40 px menu button and the title.
    '.fs-l-menu{display:flex;align-items:center;height:40px;margin-bottom:16px}',
    '@media (min-width:900px){.fs-l-nav{display:block}.fs-l-main{padding:32px 24px}.fs-l-menu{display:none}}',
    // Box maxWidth 1200, then the page's heading row (h4 beside Create Lead, which is shorter).
    '.fs-l-in{max-width:1200px;margin:0 auto}',
    '.fs-l-head{display:flex;align-items:center}',
  ].join('');
}
