import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { finishGuard, guardPage } from './guard.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
/**
 * Debian's chromium-headless-shell: the same Blink and V8 as its chromium, without the full browser's UI and
 * compositor; the journeys ran in 214 s with it against 298 s with /usr/bin/chromium on two cores.
 */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
export const chromiumPath = () => process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;

/** The app's address for a tenant: the bare host is the demo tenant, {slug}.localhost any other. */
export function urlOf(path = '/', slug?: string): string {
  const port = inject('port');
  return `http://${slug ? `${slug}.localhost` : 'localhost'}:${port}${path}`;
}

/**
 * One browser per spec file; a fresh context (no storage) per test via newPage, closed when the test ends: a page left
 * open keeps running its timers, animations and queries beside the next tests' pages, on the same two cores.
 * Every page is watched by the journey guard (support/guard.ts): the test fails on what it finds, listed when it ends.
 */
export function useBrowser() {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let pages: Page[] = [];
  const closeContexts = async () => {
    const open = contexts;
    contexts = [];
    await Promise.all(open.map((c) => c.close().catch(() => {})));
  };
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
  });
  afterEach(async ({ task }) => {
    const watched = pages;
    pages = [];
    // A test that failed already is not also judged by axe (its page may be anywhere), but what it logged is told.
    const axe = task.result?.state !== 'fail';
    const problems: string[] = [];
    try {
      for (const page of watched) problems.push(...(await finishGuard(page, { axe })));
    } finally {
      await closeContexts();
    }
    if (problems.length > 0) {
      throw new Error(`the journey guard found ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
    }
  });
  afterAll(async () => {
    await closeContexts();
    await browser?.close();
  });
  return {
    /**
     * bypassCSP: the page ignores the app's Content-Security-Policy (to test what stands behind it). javaScriptEnabled
     * false: the page as its HTML paints it, before (without) the app.
     */
    async newPage(
      options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; bypassCSP?: boolean; javaScriptEnabled?: boolean } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        colorScheme: options.colorScheme ?? 'light',
        bypassCSP: options.bypassCSP ?? false,
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      // A page without JavaScript has no axe to run; its problems would be the app's first paint, which the same
      // tests check once the app has run.
      guardPage(page, { appPort: String(inject('port')), axe: options.javaScriptEnabled ?? true });
      pages.push(page);
      return page;
    },
  };
}
