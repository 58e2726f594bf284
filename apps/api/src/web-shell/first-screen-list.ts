import {
  CAROUSEL_WINDOW,
  MARKETPLACE_IMAGE_SIZES,
  marketplaceOfferCard,
  marketplaceOfferPath,
  offerAssetClassLabels,
  offerCardMetricItems,
  offerTypeLabels,
  type MarketplaceOfferCard,
} from '@tessera/domain';
import { z } from 'zod';
import { baseStyle, button, sizedImage, svgIcon, type FirstScreen, type ScreenTheme } from './first-screen-theme.ts';
import { escapeHtml } from '../lib/html.ts';
import { apiImage } from './page-answers.ts';

const showcaseAnswer = z.object({ data: z.array(marketplaceOfferCard) });

const PAUSE = 'M6 19h4V5H6zm8-14v14h4V5z';
const CHEVRON_LEFT = 'M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z';
const CHEVRON_RIGHT = 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z';
const APARTMENT =
  'M17 11V3H7v4H3v14h8v-4h2v4h8V11zM7 19H5v-2h2zm0-4H5v-2h2zm0-4H5V9h2zm4 4H9v-2h2zm0-4H9V9h2zm0-4H9V5h2zm4 8h-2v-2h2zm0-4h-2V9h2zm0-4h-2V5h2zm4 12h-2v-2h2zm0-4h-2v-2h2z';

/**
 * The marketplace list's first screen as MarketplaceOffersPage renders it (apps/web features/marketplace/components:
 * marketplace-offers-page.tsx, marketplace-offer-list.tsx, showcase-carousel.tsx, showcase-carousel-slide.tsx): the
 * title and the showcase carousel on its first slide, or the title alone without handpicked deals.
 */
export function listScreen(theme: ScreenTheme, showcase: unknown): FirstScreen {
  const parsed = showcaseAnswer.safeParse(showcase);
  const offers = parsed.success ? parsed.data.data : [];
  const carousel =
    offers.length > 0
      ? `<div class="fs-l-row"><div class="fs-l-aside"></div><div class="fs-l-main">${showcaseCarousel(offers)}</div></div>`
      : '';
  return {
    style: baseStyle(theme) + listStyle(theme),
    body: `<div class="fs fs-l"><h1 class="fs-h4 fs-l-title">Marketplace</h1>${carousel}</div>`,
  };
}

/**
 * The carousel on its first slide. The slides the app keeps in the page (within CAROUSEL_WINDOW of the first) are
 * stacked in one grid cell, hidden, as there: the tallest sets the carousel's height. Their images are left out
 * (the box keeps its 16:9 shape), so the page fetches only the banner on show. Its controls need the app: painted
 * as look-alikes.
 */
function showcaseCarousel(offers: MarketplaceOfferCard[]): string {
  const count = offers.length;
  const slides = offers
    .map((offer, index) => {
      const distance = Math.min(index, count - index);
      if (distance > CAROUSEL_WINDOW) return '';
      const hidden = index === 0 ? '' : ' aria-hidden="true" inert';
      return `<div class="fs-slide" role="group" aria-roledescription="slide" aria-label="${index + 1} of ${count}"${hidden}>${slide(offer, index === 0)}</div>`;
    })
    .join('');
  const controls =
    count > 1
      ? '<div class="fs-show-nav" aria-hidden="true">' +
        `<span class="fs-icon">${svgIcon(CHEVRON_LEFT)}</span><span class="fs-dots">` +
        offers.map((_, index) => `<span class="fs-dot${index === 0 ? ' fs-dot-on' : ''}"><span></span></span>`).join('') +
        `</span><span class="fs-icon">${svgIcon(CHEVRON_RIGHT)}</span></div>`
      : '';
  return (
    '<section class="fs-show" aria-roledescription="carousel" aria-label="Handpicked Deals">' +
    '<div class="fs-show-head"><h2 class="fs-show-title">Handpicked Deals</h2>' +
    (count > 1 ? `<span class="fs-icon fs-icon-s" aria-hidden="true">${svgIcon(PAUSE)}</span>` : '') +
    `</div><div class="fs-slides">${slides}</div>${controls}</section>`
  );
}

function slide(offer: MarketplaceOfferCard, shown: boolean): string {
  const banner = shown ? apiImage(offer.bannerUrl) : null;
  const labels = [offer.assetClass && offerAssetClassLabels[offer.assetClass], offer.type && offerTypeLabels[offer.type]].filter(Boolean);
  // The same image as the app's slide, in the same box: its paint is the page's largest, whichever draws it first.
  const media = banner
    ? `<img src="${escapeHtml(banner)}"${sizedImage(banner, MARKETPLACE_IMAGE_SIZES.showcaseBanner)} alt="" width="640" height="360" fetchpriority="high">`
    : offer.bannerUrl
      ? ''
      : `<span class="fs-slide-none">${svgIcon(APARTMENT)}</span>`;
  const metrics = offerCardMetricItems(offer)
    .map(({ label, value }) => `<div><dt>${label}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('');
  return (
    '<div class="fs-slide-in">' +
    `<div class="fs-slide-media"><div class="fs-slide-banner">${media}</div></div>` +
    '<div class="fs-slide-text"><div>' +
    `<h3 class="fs-h5 fs-any">${escapeHtml(offer.name)}</h3>` +
    `<p class="fs-b2 fs-muted">${escapeHtml([offer.institution.name, ...labels].join(' · '))}</p></div>` +
    (offer.descriptionShort ? `<p class="fs-b2 fs-slide-desc">${escapeHtml(offer.descriptionShort)}</p>` : '') +
    `<dl class="fs-metrics">${metrics}</dl>` +
    `<div>${button('View Offer', { variant: 'contained', href: marketplaceOfferPath(offer.slug), ariaLabel: `View Offer ${offer.name}` })}</div>` +
    '</div></div>'
  );
}

/** MarketplaceOffersPage's Container xl and title, the list's filter column from 900 px, and the carousel's parts. */
function listStyle(t: ScreenTheme): string {
  return [
    '.fs-l{width:100%;margin:0 auto;padding:16px}',
    '@media (min-width:600px){.fs-l{padding-left:24px;padding-right:24px}}',
    '@media (min-width:900px){.fs-l{padding-top:32px;padding-bottom:32px}}',
    '@media (min-width:1536px){.fs-l{max-width:1536px}}',
    // Outweighs the `.fs h1` reset.
    '.fs-l .fs-l-title{margin-bottom:16px}',
    '@media (min-width:900px){.fs-l .fs-l-title{margin-bottom:24px}}',
    '.fs-l-row{display:flex;gap:24px;align-items:flex-start}',
    '.fs-l-aside{display:none;width:280px;flex-shrink:0}',
    '@media (min-width:900px){.fs-l-aside{display:block}}',
    '.fs-l-main{flex:1;min-width:0;display:flex;flex-direction:column;gap:16px}',
    `.fs-show{border:1px solid ${t.divider};border-radius:${t.radius}px;overflow:hidden;background:${t.paper}}`,
    '.fs-show-head{display:flex;align-items:center;justify-content:space-between;padding:12px 16px 0}',
    `.fs-show-title{font-size:0.75rem;line-height:2.66;font-weight:700;text-transform:uppercase;color:${t.primary}}`,
    '.fs-slides{display:grid}',
    '.fs-slide{grid-area:1/1;min-width:0}',
    '.fs-slide[aria-hidden]{visibility:hidden}',
    '.fs-slide-in{display:flex;flex-direction:column;gap:12px;padding:8px 16px 16px}',
    '@media (min-width:600px){.fs-slide-in{flex-direction:row;gap:24px;align-items:center}}',
    `.fs-slide-media{width:100%;flex-shrink:0;border-radius:${t.radius}px;overflow:hidden}`,
    '@media (min-width:600px){.fs-slide-media{width:45%}}',
    `.fs-slide-banner{position:relative;display:grid;place-items:center;aspect-ratio:16/9;overflow:hidden;background:${t.actionHover}}`,
    '.fs-slide-banner img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}',
    `.fs-slide-none svg{display:block;width:48px;height:48px;fill:${t.textDisabled}}`,
    '.fs-slide-text{flex:1;min-width:0;display:flex;flex-direction:column;gap:12px}',
    '.fs-slide-desc{display:none}',
    '@media (min-width:900px){.fs-slide-desc{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}}',
    '.fs-metrics{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:8px}',
    '.fs-metrics>div{min-width:0}',
    `.fs-metrics dt{display:block;font-size:0.75rem;line-height:1.3;color:${t.textSecondary}}`,
    '.fs-metrics dd{font-size:0.875rem;line-height:1.57;font-weight:600;overflow-wrap:anywhere}',
    '.fs-show-nav{display:flex;align-items:center;justify-content:center;gap:4px;padding:0 8px 8px}',
    '.fs-dots{display:flex;flex-wrap:wrap;justify-content:center}',
    '.fs-dot{display:inline-flex;padding:6px}',
    `.fs-dot>span{width:8px;height:8px;border-radius:50%;background:${t.actionDisabled}}`,
    `.fs-dot-on>span{background:${t.primary}}`,
  ].join('');
}
