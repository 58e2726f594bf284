import {
  formatMonths,
  formatOfferMoney,
  formatOfferPercent,
  initials,
  listingStatusColors,
  imageCopyUrl,
  listingStatusLabels,
  MARKETPLACE_IMAGE_SIZES,
  MARKETPLACE_LOGO_COPY_WIDTH,
  MARKETPLACE_OFFER_TABS,
  marketplaceOffer,
  marketplaceOfferPath,
  offerAssetClassLabels,
  offerCardMetrics,
  offerCtaHasLabel,
  offerTypeLabels,
  type MarketplaceOffer,
  type MarketplaceOfferTab,
} from '@tessera/domain';
import { baseStyle, button, sizedImage, svgIcon, type FirstScreen, type ScreenTheme } from './first-screen-theme.ts';
import { escapeHtml } from '../lib/html.ts';
import { apiImage } from './page-answers.ts';

/** The institution's logo beside the offer's name, as the app's header draws it (`InstitutionLogoAvatar size={64}`). */
const LOGO_SIZE = 64;

/**
 * The tabs' widths in Roboto (MARKETPLACE_OFFER_TABS, measured against the app in e2e/specs/first-screen.spec.ts).
 * MUI shows its scroll buttons once the row overflows and scrolls the current tab into view, which it measures; CSS
 * cannot, so the same points are worked out here from these widths (a tenant font other than Roboto moves them).
 */
const TAB_WIDTHS = MARKETPLACE_OFFER_TABS.map((tab) => tab.width);
/** Phone gutters (16 px each side) and the two 40 px scroll buttons. */
const GUTTERS = 32;
const SCROLL_BUTTONS = 80;

const ARROW_LEFT = 'M15.41 16.09l-4.58-4.59 4.58-4.59L14 5.5l-6 6 6 6z';
const ARROW_RIGHT = 'M8.59 16.34l4.58-4.59-4.58-4.59L10 5.75l6 6-6 6z';

/**
 * The offer page's first screen as MarketplaceOfferPage renders it (apps/web features/marketplace/components:
 * marketplace-offer-page.tsx, -header.tsx, -hero.tsx, -home-tab.tsx, banner.tsx): banner, header, hero metrics and
 * tabs and, on Home, the About card. Null when the answer is not an offer.
 */
export function offerScreen(theme: ScreenTheme, answer: unknown, idOrSlug: string, tab: MarketplaceOfferTab): FirstScreen | null {
  const parsed = marketplaceOffer.safeParse((answer as { data?: unknown } | undefined)?.data);
  if (!parsed.success) return null;
  const offer = parsed.data;
  const base = marketplaceOfferPath(idOrSlug);
  const aboutPath = `${base}/about`;
  const body =
    '<div class="fs fs-o"><div class="fs-o-page">' +
    header(offer, aboutPath, tab === 'about') +
    '<div class="fs-o-body">' +
    hero(offer, aboutPath) +
    tabs(base, tab) +
    (tab === 'home' ? about(offer, aboutPath) : '') +
    '</div></div></div>';
  return { style: baseStyle(theme) + offerStyle(theme, tab), body };
}

function header(offer: MarketplaceOffer, aboutPath: string, onAbout: boolean): string {
  const banner = apiImage(offer.bannerUrl);
  const logo = apiImage(offer.institution.logoUrl);
  const subtitle = [
    offer.type ? offerTypeLabels[offer.type] : null,
    offer.assetClass ? offerAssetClassLabels[offer.assetClass] : null,
    listingStatusLabels[offer.listingStatus],
  ].filter(Boolean);
  const colour = listingStatusColors[offer.listingStatus];
  const chip =
    offer.listingStatus === 'open'
      ? ''
      : `<span class="fs-chip${colour === 'info' ? ' fs-chip-info' : ''}"><span>${escapeHtml(listingStatusLabels[offer.listingStatus])}</span></span>`;
  const buttons = [
    offerCtaHasLabel(offer.primaryCTA) ? button(offer.primaryCTA?.label ?? '', { variant: 'contained' }) : '',
    offerCtaHasLabel(offer.secondaryCTA) ? button(offer.secondaryCTA?.label ?? '', { variant: 'outlined' }) : '',
    offerCtaHasLabel(offer.primaryCTA) ? '' : button('Learn More', { variant: 'contained', href: aboutPath }),
    button('View Details', { href: aboutPath, disabled: onAbout }),
  ];
  return (
    '<div class="fs-o-head">' +
    // The same image as the app's banner, in the same box, fetched with the page (static-web.ts preloads it).
    `<div class="fs-o-banner">${banner ? `<img src="${escapeHtml(banner)}"${sizedImage(banner, MARKETPLACE_IMAGE_SIZES.pageBanner)} alt="" fetchpriority="high">` : ''}</div>` +
    '<div class="fs-o-bar"><div class="fs-o-id">' +
    // The copy of the logo the app's avatar asks for (institution-summary-card.tsx): one download.
    `<span class="fs-avatar">${logo ? `<img src="${escapeHtml(imageCopyUrl(logo, MARKETPLACE_LOGO_COPY_WIDTH))}" alt="">` : escapeHtml(initials(offer.institution.name))}</span>` +
    '<div class="fs-o-titles"><div class="fs-o-name">' +
    `<h1 class="fs-o-h1 fs-any">${escapeHtml(offer.name)}</h1>${chip}</div>` +
    `<p class="fs-b2 fs-muted">${escapeHtml(subtitle.join(' · '))}</p>` +
    '</div></div>' +
    `<div class="fs-o-actions">${buttons.join('')}</div>` +
    '</div></div>'
  );
}

function hero(offer: MarketplaceOffer, aboutPath: string): string {
  const metrics = offerCardMetrics(offer.classes);
  const metric = (label: string, value: string) =>
    `<div class="fs-o-metric"><div class="fs-cap fs-muted">${label}</div><div class="fs-h6 fs-any">${escapeHtml(value)}</div></div>`;
  return (
    '<div class="fs-card"><div class="fs-card-in"><div class="fs-o-metrics">' +
    metric('Min. Investment', formatOfferMoney(metrics.minimumInvestment)) +
    metric('Target IRR', formatOfferPercent(metrics.targetIrr)) +
    metric('Holding Period (m)', formatMonths(metrics.holdingPeriod)) +
    `<div class="fs-o-more">${button('More details', { href: aboutPath })}</div>` +
    '</div></div></div>'
  );
}

/** Real links to the tabs' addresses, so a tap before the app runs still opens the tab. */
function tabs(base: string, current: MarketplaceOfferTab): string {
  const links = MARKETPLACE_OFFER_TABS.map(
    (t) =>
      `<a class="fs-tab" href="${escapeHtml(`${base}/${t.segment}`)}"${t.segment === current ? ' aria-current="page"' : ''}>${t.label}</a>`,
  ).join('');
  const arrow = (path: string, side: string) => `<span class="fs-tabs-arrow fs-tabs-${side}" aria-hidden="true">${svgIcon(path)}</span>`;
  return `<nav class="fs-tabs" aria-label="Offer sections">${arrow(ARROW_LEFT, 'start')}<div class="fs-tabs-list">${links}</div>${arrow(ARROW_RIGHT, 'end')}</nav>`;
}

function about(offer: MarketplaceOffer, aboutPath: string): string {
  const text = offer.descriptionShort ?? 'No description yet.';
  return (
    '<div class="fs-card"><div class="fs-section"><div class="fs-stack">' +
    '<div class="fs-section-head"><h2 class="fs-h6">About</h2></div>' +
    `<p class="fs-b1 fs-o-about${offer.descriptionShort ? '' : ' fs-muted'}">${escapeHtml(text)}</p>` +
    button('Read More', { href: aboutPath, extraClass: 'fs-o-read' }) +
    '</div></div></div>'
  );
}

/**
 * MarketplaceOfferPage's layout: Container lg without gutters (24 px padding from 600 px), the header (banner 120,
 * 180 and 240 px high; logo and title beside the buttons from 900 px), the hero's 2 then 4 columns, the tabs.
 */
function offerStyle(t: ScreenTheme, tab: MarketplaceOfferTab): string {
  const index = MARKETPLACE_OFFER_TABS.findIndex((x) => x.segment === tab);
  const total = TAB_WIDTHS.reduce((a, b) => a + b, 0);
  const tabEnd = TAB_WIDTHS.slice(0, index + 1).reduce((a, b) => a + b, 0);
  // Below `overflow` the row scrolls, and both 40 px buttons take their room (the start one transparent until the
  // row has scrolled). MUI scrolls the current tab's end to the row's right edge twice: on its first render, before
  // its buttons show (an animated scroll), and once they have narrowed the row. When the first scroll happened its
  // animation ends last and keeps its offset (as seen in Chromium).
  const overflow = GUTTERS + total;
  const firstScroll = GUTTERS + tabEnd;
  const secondScroll = Math.min(overflow, GUTTERS + SCROLL_BUTTONS + tabEnd);
  const below = (width: number) => `@media (max-width:${(width - 0.02).toFixed(2)}px)`;
  return [
    '.fs-o{width:100%;margin:0 auto}',
    '@media (min-width:600px){.fs-o{padding:24px}}',
    '@media (min-width:1200px){.fs-o{max-width:1200px}}',
    '.fs-o-page{display:flex;flex-direction:column;gap:24px;min-width:0;padding-bottom:32px;min-height:100vh;min-height:100dvh}',
    '.fs-o-head{display:flex;flex-direction:column;gap:16px}',
    `.fs-o-banner{height:120px;overflow:hidden;background:${t.actionSelected}}`,
    '.fs-o-banner img{display:block;width:100%;height:100%;object-fit:cover}',
    `@media (min-width:600px){.fs-o-banner{height:180px;border-radius:${t.radius * 2}px}}`,
    '@media (min-width:900px){.fs-o-banner{height:240px}}',
    '.fs-o-bar{display:flex;flex-direction:column;gap:16px;justify-content:space-between;padding:0 16px}',
    '@media (min-width:600px){.fs-o-bar{padding:0}}',
    '@media (min-width:900px){.fs-o-bar{flex-direction:row;align-items:flex-end}}',
    '.fs-o-id{display:flex;align-items:center;gap:16px;min-width:0}',
    `.fs-avatar{position:relative;flex-shrink:0;display:flex;align-items:center;justify-content:center;width:${LOGO_SIZE}px;height:${LOGO_SIZE}px;overflow:hidden;border-radius:${t.radius}px;background:${t.primary};color:${t.onPrimary};font-size:${LOGO_SIZE * 0.4}px;line-height:1}`,
    '.fs-avatar img{width:100%;height:100%;object-fit:cover}',
    '.fs-o-titles{display:flex;flex-direction:column;gap:4px;min-width:0}',
    '.fs-o-name{display:flex;flex-wrap:wrap;gap:8px;align-items:center}',
    '.fs-o-h1{font-weight:600;font-size:1.5rem;line-height:1.334}',
    '@media (min-width:600px){.fs-o-h1{font-size:2.125rem;line-height:1.235}}',
    '.fs-o-actions{display:flex;flex-wrap:wrap;gap:8px;flex-shrink:0}',
    '.fs-o-body{display:flex;flex-direction:column;gap:24px;padding:0 16px}',
    '@media (min-width:600px){.fs-o-body{padding:0}}',
    '.fs-o-metrics{display:grid;gap:16px;align-items:center;grid-template-columns:repeat(2,minmax(0,1fr))}',
    '.fs-o-metric{min-width:0}',
    '.fs-o-more{justify-self:start}',
    '@media (min-width:900px){.fs-o-metrics{grid-template-columns:repeat(4,minmax(0,1fr))}.fs-o-more{justify-self:end}}',
    `.fs-tabs{display:flex;min-height:48px;overflow:hidden;border-bottom:1px solid ${t.divider}}`,
    '.fs-tabs-list{flex:1 1 auto;display:flex;overflow:hidden;white-space:nowrap}',
    `.fs-tab{position:relative;display:inline-flex;flex-direction:column;align-items:center;justify-content:center;flex-shrink:0;min-width:90px;max-width:360px;min-height:48px;padding:12px 16px;overflow:hidden;font-size:0.875rem;font-weight:600;line-height:1.25;text-align:center;white-space:normal;color:${t.textSecondary};text-decoration:none}`,
    `.fs-tab[aria-current]{color:${t.primary}}`,
    `.fs-tab[aria-current]::after{content:"";position:absolute;left:0;right:0;bottom:0;height:2px;background:${t.primary}}`,
    '.fs-tabs-arrow{display:none;align-items:center;justify-content:center;width:40px;flex-shrink:0;opacity:0.8;font-size:1.25rem}',
    '.fs-tabs-arrow svg{width:1em;height:1em;fill:currentColor}',
    '.fs-tabs-start{opacity:0}',
    `${below(overflow)}{.fs-tabs-arrow{display:inline-flex}}`,
    `${below(secondScroll)}{.fs-tabs-start{opacity:0.8}.fs-tabs-list>:first-child{margin-left:calc(100vw - ${GUTTERS + SCROLL_BUTTONS + tabEnd}px)}}`,
    `${below(firstScroll)}{.fs-tabs-list>:first-child{margin-left:calc(100vw - ${firstScroll}px)}}`,
    '.fs-o-about{white-space:pre-line}',
    '.fs-o-read{align-self:flex-start}',
  ].join('');
}
