import type { BrandingMessaging, ThemeMode } from '@tessera/domain';
import { baseStyle, sideNavFrameStyle, type FirstScreen, type ScreenTheme } from './first-screen-theme.ts';
import { escapeHtml } from '../lib/html.ts';
import { MEMBER_SCREEN_IDS, MEMBER_SCRIPT } from './first-screen-member.ts';

/** The side navigation's width (apps/web app/layouts/main-nav-area.ts, MAIN_NAV_WIDTH). */
const MAIN_NAV_WIDTH = 240;

/**
 * The investor dashboard's first screen as the app lays it out (apps/web app/layouts/app-layout.tsx,
 * features/investor-dashboard/components/investor-dashboard-page.tsx, features/branding welcome-messaging.tsx): the
 * side navigation's place (from `md`, empty until the app fills it), the heading with the member's initials and name,
 * and the tenant's welcome card, which is the page's largest text. What is the member's own (the accreditation card,
 * the picture) and what follows is left to the app, below what is painted: it moves nothing.
 */
export function dashboardScreen(theme: ScreenTheme, messaging: BrandingMessaging, mode: ThemeMode): FirstScreen {
  const { welcomeTitle, welcomeText } = messaging;
  const welcome =
    welcomeTitle || welcomeText
      ? '<div class="fs-d-grid"><div class="fs-d-cell"><section class="fs-card fs-d-welcome" aria-label="Welcome"><div class="fs-d-welcome-in">' +
        (welcomeTitle ? `<h2 class="fs-h5 fs-d-title">${escapeHtml(welcomeTitle)}</h2>` : '') +
        (welcomeText ? `<p class="fs-b1 fs-muted fs-d-text">${escapeHtml(welcomeText)}</p>` : '') +
        '</div></section></div></div>'
      : '';
  return {
    style: baseStyle(theme) + dashboardStyle(theme),
    body:
      `<div class="fs fs-d" id="${MEMBER_SCREEN_IDS.investorDashboard}" data-mode="${mode}"><div class="fs-d-nav"></div><div class="fs-d-main"><div class="fs-d-in">` +
      '<div class="fs-d-head"><span class="fs-d-avatar" aria-hidden="true"></span><h1 class="fs-h4 fs-any"></h1></div>' +
      `${welcome}</div></div></div><script>${MEMBER_SCRIPT}</script>`,
  };
}

function dashboardStyle(t: ScreenTheme): string {
  return [
    // AppLayout's row: the navigation's place from md, then <main>.
    sideNavFrameStyle('fs-d', MAIN_NAV_WIDTH, t),
    // Container maxWidth="lg", py { xs: 3, md: 5 }, px { xs: 2, sm: 3 }.
    '.fs-d-in{width:100%;max-width:1200px;margin:0 auto;padding:24px 16px}',
    '@media (min-width:600px){.fs-d-in{padding:24px}}',
    '@media (min-width:900px){.fs-d-in{padding:40px 24px}}',
    // The heading's Stack (row, spacing 2, mb 3) and its 56 px Avatar.
    '.fs-d-head{display:flex;align-items:center;gap:16px;margin-bottom:24px}',
    `.fs-d-avatar{flex-shrink:0;display:flex;align-items:center;justify-content:center;width:56px;height:56px;border-radius:50%;overflow:hidden;font-size:22px;line-height:1;background:${t.primary};color:${t.onPrimary}}`,
    // Grid container spacing 2; the welcome's cell is 12 columns, 7 from md.
    '.fs-d-grid{display:flex;flex-wrap:wrap;gap:16px}',
    '.fs-d-cell{width:100%}',
    '@media (min-width:900px){.fs-d-cell{width:calc(100% * 7 / 12 - 16px * 5 / 12)}}',
    // CardContent p { xs: 2.5, md: 3 }; its :last-child rule keeps 24 px at the bottom.
    '.fs-d-welcome-in{padding:20px 20px 24px}',
    '@media (min-width:900px){.fs-d-welcome-in{padding:24px}}',
    '.fs-d .fs-d-title{margin-bottom:8px}',
    '.fs-d-text{white-space:pre-line}',
  ].join('');
}
