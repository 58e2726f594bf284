import { INSTITUTION_CARD_LINK_WIDTHS, MARKETPLACE_OFFER_TABS } from '@tessera/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { useBrowser } from '../support/browser.ts';
import { useTempFiles } from '../support/files.ts';
import { seedListedOffer, setHandpicked } from '../support/marketplace.ts';
import { createJourneyTenant, type JourneyTenant } from '../support/tenant.ts';

const { newPage } = useBrowser();
const files = useTempFiles();

/** Lighthouse's mobile screen. */
const PHONE = { width: 412, height: 823 };

const tag = `${Date.now().toString(36)}${process.pid}`;
const OFFER = {
  name: `First Screen Harbour ${tag}`,
  slug: `first-screen-harbour-${tag}`,
  assetClass: 'hospitality',
  irr: 14.5,
  ctaUrl: `https://first-screen.example/${tag}`,
  institution: { name: `First Screen Partners ${tag}`, slug: `first-screen-partners-${tag}` },
};

/** The institution's draft offer with a hero image (the dashboard's first card). */
const DRAFT = `First Screen Draft ${tag}`;

let tenant: JourneyTenant;
/** An investor's sign-in answer, as the app keeps it in localStorage (lib/session/session-store.ts). */
let storedSession: string;
/** The owner's, in Raise mode on the offer's institution (with the membership the mode switch answers). */
let raiseSession: string;
beforeAll(async () => {
  tenant = await createJourneyTenant();
  const { offerId, institutionId } = await seedListedOffer(tenant, OFFER);
  // The tenant's showcase holds this one deal.
  await setHandpicked(tenant, [offerId]);
  const investor = await tenant.investor({ firstname: 'Dana', lastname: `Dashboard ${tag}` });
  const { data } = await tenant.api<{ data: unknown }>('POST', '/auth/signin', {
    body: { email: investor.email, password: investor.password },
  });
  storedSession = JSON.stringify(data);
  const { owner } = tenant;
  const { data: member } = await tenant.api<{ data: unknown }>('PUT', `/user/${owner.userId}/tenant-member/mode`, {
    token: owner.token,
    body: { appMode: 'institution', institution: institutionId },
  });
  const { data: ownerSignIn } = await tenant.api<{ data: object }>('POST', '/auth/signin', {
    body: { email: owner.email, password: owner.password },
  });
  raiseSession = JSON.stringify({ ...ownerSignIn, tenantMember: member });
  // The institution's newest offer, a draft with a photograph: the first card of its dashboard.
  const t = `/tenant/${tenant.tenantId}`;
  const { data: draft } = await tenant.api<{ data: { _id: string } }>('POST', `${t}/offers`, {
    token: owner.token,
    body: { name: DRAFT, slug: `first-screen-draft-${tag}`, institution: institutionId },
  });
  const form = new FormData();
  form.set('file', new Blob([readFileSync(files.gradientPng('hero.png', 1600, 800))], { type: 'image/png' }), 'hero.png');
  const { data: hero } = await tenant.api<{ data: { _id: string } }>('POST', '/image', { token: owner.token, body: form });
  await tenant.api('PUT', `${t}/offers/${draft._id}/images`, {
    token: owner.token,
    body: { images: [{ id: 'hero', image: hero._id, position: 0, purpose: 'primary' }] },
  });
  // A lead, so the list is drawn as for a sponsor at work (the grid under the charts), not as its empty state.
  await tenant.api('POST', `/tenant/${tenant.tenantId}/leads`, {
    token: owner.token,
    body: { institution: institutionId, email: `lead-${tag}@example.com`, firstname: 'Lena', lastname: 'Lead' },
  });
});

/**
 * Opens pages of this browser context signed in, as a return visit after sign-in would: as the journey's investor, or
 * with the session given.
 */
async function signedIn(page: Page, session = storedSession): Promise<void> {
  await page.addInitScript((stored) => localStorage.setItem('tessera.session', stored), session);
}

/**
 * The page as its HTML and inline scripts paint it, without the app: the app's script files answer with empty modules
 * (the boot loader still fetches them), so only the server's first screen is drawn.
 */
async function withoutApp(page: Page): Promise<void> {
  await page.route(/\/assets\/[^?]+\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
}

/**
 * A new page at `path` as its HTML and inline scripts paint it, without the app (withoutApp), signed in with `session`
 * (the journey's investor by default; null: signed out).
 */
async function paintedWithoutApp(
  viewport: { width: number; height: number },
  path: string,
  session: string | null = storedSession,
): Promise<Page> {
  const page = await newPage(viewport);
  if (session !== null) await signedIn(page, session);
  await withoutApp(page);
  await page.goto(tenant.url(path));
  return page;
}

interface Paint {
  /**
   * When the main thread painted it (the entry's paintTime). Its startTime is when that frame reached the screen, which
   * under load can come after the app has already replaced the server's HTML, though the paint was made before.
   */
  paintedAt: number;
  size: number;
  /**
   * Whether the element was in the server's first screen when the entry came; null when it had left the page by then
   * (an entry comes once its frame is on screen, and the page no longer gives the element of a removed one).
   */
  server: boolean | null;
  /** Whether the element is still in the page now. */
  connected: boolean;
}

/** A Largest Contentful Paint entry; paintTime is Chromium's (the Paint Timing mixin), absent in older browsers. */
type LcpEntry = PerformanceEntry & { size: number; element: Element | null; paintTime?: number };

/**
 * Opens `path` with the app, and once it has rendered (the server's first screen gone, `rendered` shown) returns
 * the Largest Contentful Paint entries and when the app replaced the server's HTML.
 */
async function paintsOf(
  page: Page,
  path: string,
  rendered: (page: Page) => Promise<void>,
): Promise<{ entries: Paint[]; replacedAt: number }> {
  await page.addInitScript(() => {
    const state = {
      entries: [] as { entry: LcpEntry; server: boolean | null }[],
      replacedAt: 0,
    };
    (window as unknown as { firstScreenProbe: typeof state }).firstScreenProbe = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LcpEntry[]) {
        state.entries.push({ entry, server: entry.element ? Boolean(entry.element.closest('.fs')) : null });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The server's shell (.fp, first-paint.ts) leaving the page is the app's first render (createRoot empties #root).
    // Not "no top bar in #root": while the parser is still writing the page, .fp can be in #root before its bar is
    // (a parser yield under load), which read as replaced before the server's screen had even painted.
    let shell: Element | null = null;
    new MutationObserver(() => {
      shell ??= document.querySelector('.fp');
      if (!state.replacedAt && shell && !shell.isConnected) state.replacedAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(tenant.url(path));
  await rendered(page);
  await page.locator('.fs').waitFor({ state: 'detached' });
  // Entries come after the frame they were painted in: let the app's first frames be painted and reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 500)))));
  return page.evaluate(() => {
    const { entries, replacedAt } = (
      window as unknown as { firstScreenProbe: { entries: { entry: LcpEntry; server: boolean | null }[]; replacedAt: number } }
    ).firstScreenProbe;
    return {
      replacedAt,
      entries: entries.map(({ entry, server }) => ({
        paintedAt: entry.paintTime ?? entry.startTime,
        size: entry.size,
        server,
        connected: Boolean(entry.element?.isConnected),
      })),
    };
  });
}

/**
 * The page's Largest Contentful Paint is the server's first screen, painted before the app ran, not the app's render:
 * the last candidate was painted before the app replaced the server's HTML, so nothing the app drew was larger.
 */
function expectServerPaint({ entries, replacedAt }: { entries: Paint[]; replacedAt: number }, { orTopBar = false } = {}): void {
  const last = entries.at(-1);
  const seen = `replaced at ${replacedAt}: ${JSON.stringify(entries)}`;
  expect(last, seen).toBeDefined();
  expect(replacedAt, "the app has replaced the server's HTML").toBeGreaterThan(0);
  expect(last?.paintedAt ?? Infinity, `the largest paint is the server's: ${seen}`).toBeLessThan(replacedAt);
  // When its element was still there as the entry came: the first screen's, not the top bar's (unless the page's
  // screen can be smaller than the bar's tenant name: the lead list's one-word heading).
  if (!orTopBar) expect(last?.server ?? true, `the largest paint is the first screen's: ${seen}`).toBe(true);
  expect(last?.connected, 'its element is gone: the app has replaced it').toBe(false);
}

describe('the first screen before the app', () => {
  it("paints an offer's page from its HTML, and stays the largest paint once the app has rendered", async () => {
    const bare = await newPage({ ...PHONE, javaScriptEnabled: false });
    await bare.goto(tenant.url(`/marketplace/offers/${OFFER.slug}`));
    await bare.getByRole('heading', { level: 1, name: OFFER.name }).waitFor();
    expect(await bare.getByText('14.5%').isVisible()).toBe(true);
    // The tabs are links that work before the app does.
    expect(await bare.getByRole('link', { name: 'Documents' }).getAttribute('href')).toBe(`/marketplace/offers/${OFFER.slug}/documents`);

    const page = await newPage(PHONE);
    const paints = await paintsOf(page, `/marketplace/offers/${OFFER.slug}`, (p) =>
      p.getByRole('tab', { name: 'Home', selected: true }).waitFor(),
    );
    expectServerPaint(paints);
  });

  it("paints the marketplace's title and first handpicked deal from its HTML, and stays the largest paint once the app has rendered", async () => {
    const bare = await newPage({ ...PHONE, javaScriptEnabled: false });
    await bare.goto(tenant.url('/marketplace/offers'));
    await bare.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
    // The page's own answers carry the showcase: exactly the journey's one handpicked deal, painted as the first slide.
    const answers = JSON.parse((await bare.locator('#page-answers').textContent()) ?? '{}') as Record<string, { data: { name: string }[] }>;
    const showcase = Object.entries(answers).find(([path]) => path.endsWith('/showcase'))?.[1].data ?? [];
    expect(showcase.map((deal) => deal.name)).toEqual([OFFER.name]);
    const slide = bare.locator('[aria-roledescription="slide"]:not([aria-hidden])');
    expect(await slide.getByRole('heading', { level: 3 }).textContent()).toBe(OFFER.name);
    expect(await slide.getByRole('heading', { level: 3 }).isVisible()).toBe(true);

    const page = await newPage(PHONE);
    const paints = await paintsOf(page, '/marketplace/offers', (p) => p.getByRole('list', { name: 'Offers' }).waitFor());
    expectServerPaint(paints);
  });
});

/**
 * The boxes (x, y, width, height) of what `selectors` match, in order, once the page's fonts have loaded; y from the
 * top bar's bottom edge: the bar is compared apart (the app's holds buttons the server's does not paint).
 */
async function boxesOf(page: Page, bar: string, selectors: string[]): Promise<number[][][]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(
    ([barSelector, all]) => {
      const top = document.querySelector(barSelector)?.getBoundingClientRect().bottom ?? 0;
      return all.map((selector) =>
        [...document.querySelectorAll(selector)].map((el) => {
          const r = el.getBoundingClientRect();
          return [r.x, r.y - top, r.width, r.height].map((n) => Math.round(n * 10) / 10);
        }),
      );
    },
    [bar, selectors] as const,
  );
}

/** The top bar's height: the server's and the app's must match, or the page below moves when the app takes over. */
async function barHeight(page: Page, bar: string): Promise<number> {
  return page.evaluate((selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0, bar);
}

/** Fails unless each box the server painted is within 1 px of the app's box in the same place of the list. */
function expectSameBoxes(server: number[][][], app: number[][][], what: string[], width: number): void {
  for (const [i, name] of what.entries()) {
    const [ours = [], theirs = []] = [server[i], app[i]];
    expect(ours.length, `${name} at ${width} px: the server painted none`).toBeGreaterThan(0);
    expect(ours.length, `${name} at ${width} px: server ${JSON.stringify(ours)}, app ${JSON.stringify(theirs)}`).toBe(theirs.length);
    for (const [j, box] of ours.entries()) {
      const close = box.every((n, k) => Math.abs(n - (theirs[j]?.[k] ?? Infinity)) <= 1);
      expect(close, `${name} ${j} at ${width} px: server ${JSON.stringify(box)}, app ${JSON.stringify(theirs[j])}`).toBe(true);
    }
  }
}

describe("the investor dashboard's first screen", () => {
  it('paints the heading and the welcome for a stored session from the HTML, and stays the largest paint', async () => {
    const bare = await paintedWithoutApp(PHONE, '/investor/dashboard');
    await bare.getByRole('heading', { level: 1, name: `Welcome, Dana Dashboard ${tag}` }).waitFor();
    expect(await bare.locator('.fs-d-avatar').textContent()).toBe('DD');
    expect(await bare.getByRole('region', { name: 'Welcome' }).getByRole('heading', { level: 2 }).textContent()).toBe('Welcome');

    // Signed out, the same HTML paints the top bar alone (the app then goes to sign-in).
    const visitor = await paintedWithoutApp(PHONE, '/investor/dashboard', null);
    await visitor.locator('.fp-bar').waitFor();
    expect(await visitor.locator('#fs-dashboard').isVisible()).toBe(false);

    const page = await newPage(PHONE);
    await signedIn(page);
    const paints = await paintsOf(page, '/investor/dashboard', (p) => p.getByRole('heading', { name: 'Go to' }).waitFor());
    expectServerPaint(paints);
  });

  it('draws the heading and the welcome where the app draws them, on a phone and on a desktop', async () => {
    const parts = ['h1', 'section[aria-label="Welcome"] h2', 'section[aria-label="Welcome"] p'];
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const bare = await paintedWithoutApp(viewport, '/investor/dashboard');
      await bare.locator('#fs-dashboard h1').waitFor();
      const server = await boxesOf(bare, '.fp-bar', [...parts, '.fs-d-avatar', 'section[aria-label="Welcome"]']);
      const page = await newPage(viewport);
      await signedIn(page);
      await page.goto(tenant.url('/investor/dashboard'));
      await page.getByRole('heading', { name: 'Go to' }).waitFor();
      const app = await boxesOf(page, 'header', [...parts, 'main .MuiAvatar-root', 'section[aria-label="Welcome"]']);
      // From md the app's welcome card stretches to the accreditation card beside it, which the server leaves to the app:
      // there its height is not compared.
      if (viewport.width >= 900) for (const boxes of [server, app]) for (const box of boxes.at(-1) ?? []) box.splice(3, 1);
      expectSameBoxes(server, app, ['heading', 'welcome title', 'welcome text', 'avatar', 'welcome card'], viewport.width);
      expect(
        Math.abs((await barHeight(page, 'header')) - (await barHeight(bare, '.fp-bar'))),
        `top bar at ${viewport.width} px`,
      ).toBeLessThanOrEqual(1);
    }
  });
});

/**
 * Scrolls the lead list down to its grid, which on a phone loads only then (components/data-grid.tsx): the page's last
 * screen is then the list a member reads, not a placeholder the journey's guard would wait on.
 */
async function scrollToLeads(page: Page): Promise<void> {
  await page.getByLabel('Search leads').scrollIntoViewIfNeeded();
  await page.getByRole('grid', { name: 'Leads' }).getByText('Lena Lead').waitFor();
}

describe("the lead list's first screen", () => {
  it('paints the heading for a member in Raise mode from the HTML, and stays the largest paint', async () => {
    const bare = await paintedWithoutApp(PHONE, '/institution/leads', raiseSession);
    await bare.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
    expect(await bare.locator('.fs-r-menu svg').isVisible()).toBe(true);

    // An investor's session (Invest mode) leaves it hidden: the app sends them to their dashboard.
    const investor = await paintedWithoutApp(PHONE, '/institution/leads');
    await investor.locator('.fp-bar').waitFor();
    expect(await investor.locator('#fs-leads').isVisible()).toBe(false);

    const page = await newPage(PHONE);
    await signedIn(page, raiseSession);
    const paints = await paintsOf(page, '/institution/leads', (p) => p.getByRole('button', { name: 'Create Lead' }).waitFor());
    // Nothing the app draws on a phone's first screen is larger than the server's paint: the journey tenant's long name
    // in the top bar, or the heading under a shorter one (the demo's, where Lighthouse finds it the page's LCP).
    expectServerPaint(paints, { orTopBar: true });
    await scrollToLeads(page);
  });

  it('draws the heading and the menu button where the app draws them, on a phone and on a desktop', async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const phone = viewport.width < 900;
      const bare = await paintedWithoutApp(viewport, '/institution/leads', raiseSession);
      await bare.locator('#fs-leads h1').waitFor();
      const server = await boxesOf(bare, '.fp-bar', ['#fs-leads h1', ...(phone ? ['.fs-r-menu .fs-icon'] : [])]);
      const page = await newPage(viewport);
      await signedIn(page, raiseSession);
      await page.goto(tenant.url('/institution/leads'));
      await page.getByRole('button', { name: 'Create Lead' }).waitFor();
      const app = await boxesOf(page, 'header', ['main h1', ...(phone ? ['[aria-label="Open institution menu"]'] : [])]);
      expectSameBoxes(server, app, ['heading', 'menu button'].slice(0, server.length), viewport.width);
      await scrollToLeads(page);
    }
  });
});

describe("the institution dashboard's first screen", () => {
  it("draws the newest offers' images and names from the page's early GET, and the first image stays the largest paint", async () => {
    const bare = await paintedWithoutApp(PHONE, '/institution/dashboard', raiseSession);
    await bare.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const offers = bare.getByRole('region', { name: 'Offers' });
    await offers.getByRole('heading', { level: 3, name: DRAFT }).waitFor();
    expect(await offers.getByRole('heading', { level: 3 }).allTextContents()).toEqual([DRAFT, OFFER.name]);
    // The copy the app's <img> picks for a 344 px card at this phone's density (sizes and srcset as the app's).
    const image = offers.locator('img').first();
    await image.evaluate((img: HTMLImageElement) => img.decode());
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).searchParams.get('w'))).toBe('640');

    // The journey's institution has a long name, which wraps: the server's skeleton grows with it, so the image is where
    // the app draws it to the fraction of a pixel (a larger cut of the same image would count as a new paint).
    const page = await newPage(PHONE);
    await signedIn(page, raiseSession);
    const paints = await paintsOf(page, '/institution/dashboard', (p) => p.getByRole('link', { name: 'View All (2)' }).waitFor());
    expectServerPaint(paints);
  });

  it("draws the offers' images and names where the app draws them, from a phone to a desktop", async () => {
    // 580 and 1100 px: where the institution card's link buttons wrap into one row fewer than at the breakpoint below.
    for (const viewport of [PHONE, { width: 580, height: 800 }, { width: 1100, height: 800 }, { width: 1280, height: 800 }]) {
      const bare = await paintedWithoutApp(viewport, '/institution/dashboard', raiseSession);
      await bare.getByRole('heading', { level: 3, name: OFFER.name }).waitFor();
      const server = await boxesOf(bare, '.fp-bar', ['#fs-institution h1', '.fs-i-card img', '.fs-i-card h3']);
      const page = await newPage(viewport);
      await signedIn(page, raiseSession);
      await page.goto(tenant.url('/institution/dashboard'));
      await page.getByRole('link', { name: 'View All (2)' }).waitFor();
      const app = await boxesOf(page, 'header', ['main h1', 'main .MuiCardMedia-root', 'main h3']);
      expectSameBoxes(server, app, ['heading', 'image', 'offer name'], viewport.width);
    }
  });
});

describe('the first screen drawn by hand, against the app', () => {
  it("knows the widths the app draws the institution card's link buttons at, from which it wraps their skeleton", async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await signedIn(page, raiseSession);
    await page.goto(tenant.url('/institution/dashboard'));
    await page.getByRole('link', { name: 'View All (2)' }).waitFor();
    await page.evaluate(() => document.fonts.load('600 13px Roboto'));
    expect(await page.evaluate(() => document.fonts.check('600 13px Roboto'))).toBe(true);
    const card = page.locator('main .MuiCard-root').first();
    const widths = await card.locator('a.MuiButton-root').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
    expect(widths).toHaveLength(INSTITUTION_CARD_LINK_WIDTHS.length);
    // Within 2 px: the headless shell the journeys run in draws text at whole-pixel advances (181, 99, 91, 87, 79, 82),
    // Chromium itself (Lighthouse's, and the constants') at fractions; a renamed label or another icon moves a width by
    // far more, and only a width at a wrapping edge would move a row.
    for (const [i, width] of widths.entries()) {
      expect(
        Math.abs(width - (INSTITUTION_CARD_LINK_WIDTHS[i] ?? 0)),
        `link ${i}: the app draws it ${width} px wide (all: ${widths.join(', ')})`,
      ).toBeLessThan(2);
    }
  });

  it('knows the widths the app draws the offer tabs at, from which it places their scroll buttons', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    await page.goto(tenant.url(`/marketplace/offers/${OFFER.slug}`));
    await page.getByRole('tab', { name: 'Home', selected: true }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('600 14px Roboto'))).toBe(true);
    const tabs = await page
      .getByRole('tab')
      .evaluateAll((els) => els.map((el) => ({ label: el.textContent, width: el.getBoundingClientRect().width })));
    expect(tabs.map((tab) => tab.label)).toEqual(MARKETPLACE_OFFER_TABS.map((tab) => tab.label));
    for (const [i, tab] of tabs.entries()) {
      expect(
        Math.abs(tab.width - (MARKETPLACE_OFFER_TABS[i]?.width ?? 0)),
        `${tab.label}: the app draws it ${tab.width} px wide`,
      ).toBeLessThan(0.5);
    }
  });

  it("draws an offer's title and tabs where the app draws them, on a phone and on a desktop", async () => {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const bare = await newPage({ ...viewport, javaScriptEnabled: false });
      await bare.goto(tenant.url(`/marketplace/offers/${OFFER.slug}/about`));
      const server = await boxesOf(bare, '.fp-bar', ['h1', '.fs-tab']);
      const page = await newPage(viewport);
      await page.goto(tenant.url(`/marketplace/offers/${OFFER.slug}/about`));
      await page.getByRole('tab', { name: 'About', selected: true }).waitFor();
      // MUI scrolls the row to the current tab with an animation: let it end.
      await page.waitForTimeout(600);
      expectSameBoxes(server, await boxesOf(page, 'header', ['h1', '[role="tab"]']), ['title', 'tab'], viewport.width);
      expect(
        Math.abs((await barHeight(page, 'header')) - (await barHeight(bare, '.fp-bar'))),
        `top bar at ${viewport.width} px`,
      ).toBeLessThanOrEqual(1);
    }
  });

  it("draws the marketplace's title and first handpicked deal where the app draws them, on a phone and on a desktop", async () => {
    const parts = ['h1', '[aria-roledescription="carousel"] h3', '[aria-roledescription="carousel"] [aria-label^="View Offer"]'];
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const bare = await newPage({ ...viewport, javaScriptEnabled: false });
      await bare.goto(tenant.url('/marketplace/offers'));
      const server = await boxesOf(bare, '.fp-bar', parts);
      const page = await newPage(viewport);
      await page.goto(tenant.url('/marketplace/offers'));
      await page.getByRole('list', { name: 'Offers' }).waitFor();
      expectSameBoxes(server, await boxesOf(page, 'header', parts), ['title', 'deal name', 'View Offer button'], viewport.width);
      expect(
        Math.abs((await barHeight(page, 'header')) - (await barHeight(bare, '.fp-bar'))),
        `top bar at ${viewport.width} px`,
      ).toBeLessThanOrEqual(1);
    }
  });
});
