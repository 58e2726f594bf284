import {
  blankOfferClass,
  DEFAULT_BRANDING,
  EARLY_GETS_INSTITUTION,
  imageSrcSet,
  INSTITUTION_DASHBOARD_IMAGE_SIZES,
  MARKETPLACE_FIRST_PAGE_SEARCH,
  MARKETPLACE_IMAGE_SIZES,
  type BrandingMessaging,
  type MarketplaceOffer,
  type MarketplaceOfferCard,
  type OfferClass,
  type TenantBootstrap,
} from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../lib/html.ts';
import { MEMBER_SCREEN_IDS, MEMBER_SCRIPT } from './first-screen-member.ts';
import { firstScreen } from './first-screen.ts';
import { firstScreenFonts, type FirstScreen } from './first-screen-theme.ts';

const TENANT = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const API = `/tenant/${TENANT}/marketplace`;
const IMAGE = `/api/v1${API}/images/b2b2b2b2b2b2b2b2b2b2b2b2`;
const LOGO = `/api/v1${API}/images/c3c3c3c3c3c3c3c3c3c3c3c3`;
const XSS_NAME = '</style><script>alert(1)</script><img src=x onerror=alert(2)>';

const bootstrap = (mode: 'light' | 'dark' = 'light', messaging: Partial<BrandingMessaging> = {}): TenantBootstrap => ({
  tenantId: TENANT,
  tenantSlug: 'harbor',
  appType: 'platform',
  tenant: {
    _id: TENANT,
    slug: 'harbor',
    name: 'Harbor',
    branding: {
      ...DEFAULT_BRANDING,
      theme: { ...DEFAULT_BRANDING.theme, defaultMode: mode },
      messaging: { ...DEFAULT_BRANDING.messaging, ...messaging },
    },
    supportEmail: 'support@harbor.example',
    highMinimumPath: false,
  },
});

const offerClass = (overrides: Partial<OfferClass> = {}): OfferClass =>
  blankOfferClass({
    id: 'class-a',
    name: 'Class A',
    internalRateOfReturn: 21,
    equityMultiple: 2.4,
    holdingPeriod: 60,
    minimumInvestment: 75_000,
    ...overrides,
  });

const offer = (overrides: Partial<MarketplaceOffer> = {}): MarketplaceOffer => ({
  _id: 'd4d4d4d4d4d4d4d4d4d4d4d4',
  slug: 'cedar-point',
  name: 'Cedar Point Hotel',
  description: '<p>Long.</p>',
  descriptionShort: 'A 160-key lakeside hotel.',
  type: 'opportunistic-investment',
  assetClass: 'hospitality',
  institution: {
    _id: 'e5e5e5e5e5e5e5e5e5e5e5e5',
    name: 'Harbor Point Credit',
    slug: 'harbor-point-credit',
    type: 'lender',
    descriptionShort: null,
    logoUrl: LOGO,
  },
  images: [],
  bannerUrl: IMAGE,
  videos: [],
  openDate: null,
  closeDate: null,
  listingStatus: 'closed',
  fedExemptionExclusions: [],
  customMetrics: [],
  primaryCTA: null,
  secondaryCTA: null,
  classes: [offerClass(), offerClass({ id: 'b', minimumInvestment: 100_000, internalRateOfReturn: 12.5, holdingPeriod: 84 })],
  documents: [],
  ...overrides,
});

const card = (name: string, overrides: Partial<MarketplaceOfferCard> = {}): MarketplaceOfferCard => ({
  _id: 'f6f6f6f6f6f6f6f6f6f6f6f6',
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  descriptionShort: 'Handpicked.',
  type: 'value-add',
  assetClass: 'multi-family',
  listingStatus: 'open',
  openDate: null,
  closeDate: null,
  institution: {
    _id: 'e5e5e5e5e5e5e5e5e5e5e5e5',
    name: 'Summit Ridge Capital',
    slug: 'summit',
    type: 'fund',
    descriptionShort: null,
    logoUrl: null,
  },
  bannerUrl: IMAGE,
  classNames: ['Class A'],
  minimumInvestment: 50_000,
  targetIrr: 18,
  equityMultiple: 2,
  holdingPeriod: 60,
  primaryCTA: null,
  secondaryCTA: null,
  ...overrides,
});

/** The offer page's first screen for an offer answered at `slug`. */
function offerPage(path: string, value: MarketplaceOffer = offer(), slug = 'cedar-point'): FirstScreen {
  const screen = firstScreen({ bootstrap: bootstrap(), path, answers: { [`${API}/offers/${slug}`]: { data: value } } });
  if (!screen) throw new Error(`no first screen for ${path}`);
  return screen;
}

const listAnswers = (showcase: MarketplaceOfferCard[] | null) => ({
  [`${API}/offers${MARKETPLACE_FIRST_PAGE_SEARCH}`]: { data: [], meta: { page: 1, limit: 12, total: 0 } },
  ...(showcase ? { [`${API}/showcase`]: { data: showcase } } : {}),
});

describe("the offer page's first screen", () => {
  it('paints the header, hero, tabs and About card of Home as the app does, its links real', () => {
    const { body, style } = offerPage('/marketplace/offers/cedar-point');
    // The app's banner lists the same copies for the same width (banner.tsx): the one this picks is the one it draws.
    const sized = `srcset="${escapeHtml(imageSrcSet(IMAGE)!)}" sizes="${MARKETPLACE_IMAGE_SIZES.pageBanner}"`;
    expect(body).toContain(`<div class="fs-o-banner"><img src="${IMAGE}" ${sized} alt="" fetchpriority="high"></div>`);
    // The logo's 320 px copy, the one the app's avatar asks for.
    expect(body).toContain(`<span class="fs-avatar"><img src="${LOGO}?w=320" alt=""></span>`);
    expect(body).toContain('<h1 class="fs-o-h1 fs-any">Cedar Point Hotel</h1><span class="fs-chip"><span>Closed</span></span>');
    expect(body).toContain('Opportunistic Investment · Hospitality · Closed');
    // No call to action with a label: 'Learn More' and 'View Details', both links to About.
    expect(body).toContain('<a class="fs-btn fs-btn-c" href="/marketplace/offers/cedar-point/about">Learn More</a>');
    expect(body).toContain('<a class="fs-btn" href="/marketplace/offers/cedar-point/about">View Details</a>');
    // The lowest minimum, the highest IRR, the shortest holding period.
    expect(body).toMatch(/Min\. Investment<\/div><div class="fs-h6 fs-any">\$75,000</);
    expect(body).toMatch(/Target IRR<\/div><div class="fs-h6 fs-any">21%</);
    expect(body).toMatch(/Holding Period \(m\)<\/div><div class="fs-h6 fs-any">60 months</);
    expect(body).toContain('href="/marketplace/offers/cedar-point/about">More details</a>');
    expect(body).toContain('<a class="fs-tab" href="/marketplace/offers/cedar-point/home" aria-current="page">Home</a>');
    expect(body).toContain('<a class="fs-tab" href="/marketplace/offers/cedar-point/financials">Financials</a>');
    expect(body).toContain('<p class="fs-b1 fs-o-about">A 160-key lakeside hotel.</p>');
    expect(body).toContain('href="/marketplace/offers/cedar-point/about">Read More</a>');
    expect(style).toContain('.fs-o-banner{height:120px');
    expect(body).not.toContain('<script');
  });

  it('escapes what the offer holds, in text and in attributes, and never writes it into the style', () => {
    const { body, style } = offerPage(
      '/marketplace/offers/cedar-point/home',
      offer({
        name: XSS_NAME,
        descriptionShort: '<img src=x onerror=alert(3)>',
        primaryCTA: { label: '"><script>x</script>', url: 'https://example.com' },
      }),
    );
    expect(body).not.toMatch(/<script|<img src=x|<\/style>/);
    expect(body).toContain('&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(body).toContain('&lt;img src=x onerror=alert(3)&gt;');
    expect(style).not.toContain('alert');
  });

  it('escapes and encodes the address it links to', () => {
    const { body } = offerPage('/marketplace/offers/%22%3E%3Cb%3E/about', offer(), '%22%3E%3Cb%3E');
    expect(body).toContain('href="/marketplace/offers/%22%3E%3Cb%3E/home"');
    expect(body).not.toContain('"><b>');
  });

  it('shows an offer without description, logo or banner as the app does: a quiet band, initials, a muted placeholder', () => {
    const { body } = offerPage(
      '/marketplace/offers/cedar-point/home',
      offer({ descriptionShort: null, bannerUrl: null, institution: { ...offer().institution, logoUrl: null }, classes: [] }),
    );
    expect(body).toContain('<div class="fs-o-banner"></div>');
    expect(body).toContain('<span class="fs-avatar">HP</span>');
    expect(body).toContain('<p class="fs-b1 fs-o-about fs-muted">No description yet.</p>');
    expect(body).toMatch(/Min\. Investment<\/div><div class="fs-h6 fs-any">-</);
    expect(body).not.toContain('<img');
  });

  it("paints only the API's own images", () => {
    const { body } = offerPage(
      '/marketplace/offers/cedar-point',
      offer({ bannerUrl: 'https://tracker.example/banner.png', institution: { ...offer().institution, logoUrl: 'javascript:alert(1)' } }),
    );
    expect(body).not.toContain('<img');
    expect(body).not.toContain('tracker.example');
  });

  it('shows no badge for an open offer, an info badge for an upcoming one, and the calls to action as look-alikes', () => {
    const open = offerPage(
      '/marketplace/offers/cedar-point',
      offer({
        listingStatus: 'open',
        primaryCTA: { label: 'Reserve a spot', url: 'https://example.com/a' },
        secondaryCTA: { label: 'Call us', url: '' },
      }),
    ).body;
    expect(open).not.toContain('fs-chip');
    expect(open).toContain('Opportunistic Investment · Hospitality · Open');
    // They need the app (analytics, sign-in first): not links. 'Learn More' is not shown beside a primary label.
    expect(open).toContain(
      '<span class="fs-btn fs-btn-c">Reserve a spot</span><span class="fs-btn fs-btn-o">Call us</span><a class="fs-btn"',
    );
    expect(open).not.toContain('Learn More');
    expect(offerPage('/marketplace/offers/cedar-point', offer({ listingStatus: 'upcoming' })).body).toContain(
      '<span class="fs-chip fs-chip-info"><span>Upcoming</span></span>',
    );
  });

  it('paints the header, hero and tabs alone on the other tabs, with View Details disabled on About', () => {
    const about = offerPage('/marketplace/offers/cedar-point/about').body;
    expect(about).toContain('<span class="fs-btn fs-btn-off">View Details</span>');
    expect(about).toContain('href="/marketplace/offers/cedar-point/about" aria-current="page">About</a>');
    expect(about).not.toContain('fs-o-about');
    for (const tab of ['documents', 'financials']) {
      const { body } = offerPage(`/marketplace/offers/cedar-point/${tab}`);
      expect(body).toContain(`/${tab}" aria-current="page"`);
      expect(body).toContain('<a class="fs-btn" href="/marketplace/offers/cedar-point/about">View Details</a>');
      expect(body).not.toContain('Read More');
    }
  });

  it("uses the tenant's default mode", () => {
    const theme = DEFAULT_BRANDING.theme;
    const dark = firstScreen({
      bootstrap: bootstrap('dark'),
      path: '/marketplace/offers/cedar-point',
      answers: { [`${API}/offers/cedar-point`]: { data: offer() } },
    });
    expect(dark?.style).toContain(`.fs-btn-c{padding:6px 16px;background:${theme.dark.primary}`);
    expect(dark?.style).toContain('.fs-muted{color:rgba(255, 255, 255, 0.7)}');
    expect(offerPage('/marketplace/offers/cedar-point').style).toContain(`.fs-btn-c{padding:6px 16px;background:${theme.light.primary}`);
  });

  it('is left to the app without an answer, for another tab or page, without a tenant, or for an answer that is not an offer', () => {
    const answers = { [`${API}/offers/cedar-point`]: { data: offer() } };
    expect(firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers/other', answers })).toBeNull();
    expect(firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers/cedar-point/team', answers })).toBeNull();
    expect(firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers/cedar-point/home/x', answers })).toBeNull();
    expect(firstScreen({ bootstrap: bootstrap(), path: '/investor/investments', answers })).toBeNull();
    expect(
      firstScreen({ bootstrap: { ...bootstrap(), tenantId: null, tenant: null }, path: '/marketplace/offers/cedar-point', answers }),
    ).toBeNull();
    expect(
      firstScreen({
        bootstrap: bootstrap(),
        path: '/marketplace/offers/cedar-point',
        answers: { [`${API}/offers/cedar-point`]: { data: { name: 'x' } } },
      }),
    ).toBeNull();
  });
});

describe("the marketplace list's first screen", () => {
  it('paints the title and the showcase on its first slide, the next ones hidden as the app keeps them', () => {
    const deals = [
      card('Summit Ridge Apartments'),
      card('Harbor <b>Fund</b>', { bannerUrl: null }),
      card('Third'),
      card('Fourth'),
      card('Fifth'),
      card('Sixth'),
    ];
    const screen = firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers', answers: listAnswers(deals) });
    const body = screen?.body ?? '';
    expect(body).toContain('<h1 class="fs-h4 fs-l-title">Marketplace</h1>');
    expect(body).toContain('<section class="fs-show" aria-roledescription="carousel" aria-label="Handpicked Deals">');
    expect(body).toContain('<div class="fs-slide" role="group" aria-roledescription="slide" aria-label="1 of 6">');
    const sized = `srcset="${escapeHtml(imageSrcSet(IMAGE)!)}" sizes="${MARKETPLACE_IMAGE_SIZES.showcaseBanner}"`;
    expect(body).toContain(`<img src="${IMAGE}" ${sized} alt="" width="640" height="360" fetchpriority="high">`);
    expect(body).toContain('<h3 class="fs-h5 fs-any">Summit Ridge Apartments</h3>');
    expect(body).toContain('Summit Ridge Capital · Multi Family · Value Add');
    expect(body).toContain('<dt>Min. Investment</dt><dd>$50,000</dd><');
    expect(body).toContain('<dt>Target IRR</dt><dd>18%</dd>');
    expect(body).toContain('<dt>Avg. Equity Mult.</dt><dd>2.0x</dd>');
    expect(body).toContain(
      '<a class="fs-btn fs-btn-c" aria-label="View Offer Summit Ridge Apartments" href="/marketplace/offers/summit-ridge-apartments">View Offer</a>',
    );
    // Within 2 of the first, going round: slides 1, 2, 3, 5 and 6; only the first shown, and one image fetched.
    expect([...body.matchAll(/aria-label="(\d) of 6"( aria-hidden="true" inert)?/g)].map((m) => `${m[1]}${m[2] ? ' hidden' : ''}`)).toEqual(
      ['1', '2 hidden', '3 hidden', '5 hidden', '6 hidden'],
    );
    expect(body.match(/<img/g)).toHaveLength(1);
    expect(body).toContain('Harbor &lt;b&gt;Fund&lt;/b&gt;');
    expect(body.match(/class="fs-dot( fs-dot-on)?"/g)).toHaveLength(6);
  });

  it('shows one deal without controls, and the title alone without deals', () => {
    const one =
      firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers', answers: listAnswers([card(XSS_NAME, { bannerUrl: null })]) })
        ?.body ?? '';
    expect(one).not.toContain('fs-show-nav');
    expect(one).not.toContain('fs-icon');
    expect(one).not.toMatch(/<script|<img src=x|<\/style>/);
    // No banner: the app's placeholder icon.
    expect(one).toContain('<span class="fs-slide-none"><svg');
    for (const showcase of [[], null]) {
      const body = firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers/', answers: listAnswers(showcase) })?.body;
      expect(body).toBe('<div class="fs fs-l"><h1 class="fs-h4 fs-l-title">Marketplace</h1></div>');
    }
  });

  it('is left to the app for a filtered list, which has no answer for its offers', () => {
    const answers = Object.fromEntries(Object.entries(listAnswers([card('Summit')])).filter(([path]) => path.endsWith('/showcase')));
    expect(firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers', answers })).toBeNull();
  });
});

describe("the first screen's faces", () => {
  it("are the page's Roboto faces in the weights it uses, under their own name, drawn once loaded instead of swapped", () => {
    const face = (weight: number) =>
      `@font-face{font-family:Roboto;font-style:normal;font-display:swap;font-weight:${weight};src:url(/assets/r-${weight}.woff2)format("woff2"),url(/assets/r-${weight}.woff)format("woff")}`;
    const html = `<style>${face(400)}${face(500)}${face(600)}${face(700)}@font-face{font-family:Inter;font-display:swap;font-weight:400;src:url(/assets/i.woff2)}</style>`;
    const fonts = firstScreenFonts(html);
    expect(fonts.files).toEqual(['/assets/r-400.woff2', '/assets/r-600.woff2', '/assets/r-700.woff2']);
    expect(fonts.faces).toBe(
      [400, 600, 700]
        .map((w) =>
          face(w).replace('font-family:Roboto', 'font-family:"Roboto first screen"').replace('font-display:swap', 'font-display:block'),
        )
        .join(''),
    );
    const screen = firstScreen({ bootstrap: bootstrap(), path: '/marketplace/offers', answers: listAnswers(null), fontFaces: fonts.faces });
    expect(screen?.style).toContain('.fs{font-family:"Roboto first screen", "Roboto", "Helvetica Neue", Arial, sans-serif}');
  });
});

describe("the investor dashboard's first screen", () => {
  it("paints the tenant's welcome, escaped, hidden until the script has read the session", () => {
    const screen = firstScreen({
      bootstrap: bootstrap('light', { welcomeTitle: 'Hello <b>there</b>', welcomeText: 'Line one\n</style><script>alert(1)</script>' }),
      path: '/investor/dashboard',
      answers: {},
    });
    expect(screen?.body).toContain(`<div class="fs fs-d" id="${MEMBER_SCREEN_IDS.investorDashboard}" data-mode="light">`);
    expect(screen?.body).toContain('<h2 class="fs-h5 fs-d-title">Hello &lt;b&gt;there&lt;/b&gt;</h2>');
    expect(screen?.body).toContain('<p class="fs-b1 fs-muted fs-d-text">Line one\n&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    // No one's name is in the page: the heading is empty until the script writes it.
    expect(screen?.body).toContain('<h1 class="fs-h4 fs-any"></h1>');
    expect(screen?.body.endsWith(`<script>${MEMBER_SCRIPT}</script>`)).toBe(true);
    expect(screen?.body.match(/<script/g)).toHaveLength(1);
    expect(screen?.style).toContain('.fs-d{display:none}');
  });

  it('paints the heading alone when the tenant has no welcome, and nothing on other pages or without a tenant', () => {
    const screen = firstScreen({
      bootstrap: bootstrap('light', { welcomeTitle: '', welcomeText: '' }),
      path: '/investor/dashboard',
      answers: {},
    });
    expect(screen?.body).toContain('<h1 class="fs-h4 fs-any"></h1>');
    expect(screen?.body).not.toContain('aria-label="Welcome"');
    const titleOnly = firstScreen({ bootstrap: bootstrap('light', { welcomeText: '' }), path: '/investor/dashboard', answers: {} });
    expect(titleOnly?.body).toContain('<h2 class="fs-h5 fs-d-title">Welcome</h2>');
    expect(titleOnly?.body).not.toContain('<p');
    for (const path of ['/investor/dashboard/', '/institution/dashboard/', '/institution/leads/', '/investor/investments', '/']) {
      expect(firstScreen({ bootstrap: bootstrap(), path, answers: {} }), path).toBeNull();
    }
    expect(
      firstScreen({ bootstrap: { ...bootstrap(), tenantId: null, tenant: null }, path: '/investor/dashboard', answers: {} }),
    ).toBeNull();
  });
});

describe("the lead list's first screen", () => {
  it("paints the heading under the navigation's place and the menu button, hidden until the script has read the session", () => {
    const screen = firstScreen({ bootstrap: bootstrap('dark'), path: '/institution/leads', answers: {} });
    expect(screen?.body).toContain(`<div class="fs fs-r" id="${MEMBER_SCREEN_IDS.leadList}" data-mode="dark">`);
    expect(screen?.body).toContain('<h1 class="fs-h4">Leads</h1>');
    expect(screen?.body).toContain('<div class="fs-r-menu"><span class="fs-icon"><svg');
    // Nothing of the member's or the institution's is in the page.
    expect(screen?.body.replace(`<script>${MEMBER_SCRIPT}</script>`, '').replace(/<[^>]*>/g, '')).toBe('Leads');
    expect(screen?.body.endsWith(`<script>${MEMBER_SCRIPT}</script>`)).toBe(true);
    expect(screen?.style).toContain('.fs-r{display:none}');
    expect(
      firstScreen({ bootstrap: { ...bootstrap(), tenantId: null, tenant: null }, path: '/institution/leads', answers: {} }),
    ).toBeNull();
  });
});

describe("the institution dashboard's first screen", () => {
  it('paints the heading and the skeletons, with the path of the early GET its script fills them from, hidden', () => {
    const screen = firstScreen({ bootstrap: bootstrap(), path: '/institution/dashboard', answers: {} });
    const offers = `/api/v1/tenant/${TENANT}/offers?institution=${EARLY_GETS_INSTITUTION}&amp;limit=3`;
    const institution = `/api/v1/tenant/${TENANT}/institutions/${EARLY_GETS_INSTITUTION}`;
    expect(screen?.body).toContain(
      `id="${MEMBER_SCREEN_IDS.institutionDashboard}" data-mode="light" data-offers="${offers}" data-institution="${institution}"`,
    );
    expect(screen?.body).toContain(`data-sizes="${escapeHtml(INSTITUTION_DASHBOARD_IMAGE_SIZES)}"`);
    expect(screen?.body).toContain('<h1 class="fs-h4">Dashboard</h1>');
    expect(screen?.body.match(/class="fs-i-slot fs-i-sk"/g)).toHaveLength(3);
    // Nothing of the member's, the institution's or its offers' is in the page.
    expect(screen?.body.replace(`<script>${MEMBER_SCRIPT}</script>`, '').replace(/<[^>]*>/g, '')).toBe('Dashboard&nbsp;&nbsp;Offers');
    expect(screen?.style).toContain('.fs-r{display:none}');
  });
});
