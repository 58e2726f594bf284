/**
 * First-load JavaScript of the audited pages, signed in where Lighthouse is: each page cold-loaded in a fresh
 * Chromium context (playwright-core) with the session in localStorage, every script response counted until the
 * network is idle. Prints, per page, the gzip size of each script file as built (apps/web/dist) and the total, against
 * issue #25's 250 KB. `node --import tsx src/signed-in-js.ts` (serves apps/web/dist as it is: build first).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startApp } from './app-process.ts';
import { pagesToAudit } from './lighthouse.ts';

const DIST = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const BUDGET = 250 * 1024;
const SESSION_KEY = 'tessera.session';
const gzipOf = (path: string) => gzipSync(readFileSync(`${DIST}${path}`), { level: 9 }).length;

const app = await startApp();

/**
 * SHOTS=<dir>: each page at 1280 and 360 px wide, light and dark (the top bar's choice, as stored), whole page, after
 * scrolling to the bottom and back so that what loads on view has loaded; prints the layout shifts seen meanwhile.
 */
async function screenshots(page: { path: string; session?: string }) {
  for (const width of [1280, 360]) {
    for (const mode of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const tab = await context.newPage();
      await tab.goto(`${app.url}/api/v1/health/live`);
      // Page scripts as text: this file is type-checked without the DOM's types.
      if (page.session) await tab.evaluate(`localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(page.session)})`);
      await tab.evaluate(`localStorage.setItem('tessera.theme-mode', ${JSON.stringify(JSON.stringify(mode))})`);
      await tab.addInitScript(`window.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });`);
      await tab.goto(`${app.url}${page.path}`, { waitUntil: 'networkidle' });
      await tab.waitForTimeout(1000);
      await tab.mouse.wheel(0, 5000);
      await tab.waitForTimeout(1500);
      await tab.mouse.wheel(0, -5000);
      await tab.waitForTimeout(500);
      const shifts = (await tab.evaluate('window.shifts')) as number[];
      const file = `${process.env.SHOTS}/${page.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-/, '')}-${width}-${mode}.png`;
      await tab.screenshot({ path: file, fullPage: true });
      console.log(`  ${file}: layout shifts ${shifts.map((v) => v.toFixed(4)).join(', ') || 'none'}`);
      await context.close();
    }
  }
}
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const { pages } = await pagesToAudit(app.url);
  const only = process.argv.slice(2);
  for (const page of pages) {
    if (only.length > 0 && !only.some((o) => page.path.includes(o))) continue;
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const tab = await context.newPage();
    if (page.session) {
      await tab.goto(`${app.url}/api/v1/health/live`);
      await tab.evaluate(`localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(page.session)})`);
    }
    const scripts: string[] = [];
    tab.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === app.url && url.pathname.endsWith('.js')) scripts.push(url.pathname);
    });
    await tab.goto(`${app.url}${page.path}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1500);
    const rows = [...new Set(scripts)].map((path) => [path, gzipOf(path)] as const).sort((a, b) => b[1] - a[1]);
    const total = rows.reduce((sum, [, size]) => sum + size, 0);
    console.log(`\n${page.name} ${page.path} (ended at ${new URL(tab.url()).pathname})`);
    if (process.env.VERBOSE) for (const [path, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${path}`);
    console.log(`  ${(total / 1024).toFixed(1)} KB gzip in ${rows.length} scripts${total > BUDGET ? ' (over 250 KB)' : ''}`);
    await context.close();
    if (process.env.SHOTS) await screenshots(page);
  }
} finally {
  await browser.close();
  await app.stop();
}
