/**
 * Browser bench (issues #6 and #25): Lighthouse 12, mobile emulation with simulated throttling, performance and
 * accessibility, against the started app: sign-in, the marketplace list and an offer's page signed out, then the
 * investor dashboard (demo investor), the institution dashboard and the lead list (demo owner in Raise mode), each
 * with the session the web app keeps in localStorage put in place before the audited load. Each page runs
 * LIGHTHOUSE_RUNS times (3; 1 with `--quick`); the run with the median performance score is reported.
 * Targets per page: performance >= 90 (80 with `--quick`), accessibility >= 95, CLS <= 0.1, JavaScript transferred
 * <= 250 KB. Writes results/lighthouse.json, and the median run's report per page as results/lighthouse-{page}.html.
 * Run alone with `npm run bench:lighthouse`, or `npm run bench -- browser`.
 * Env: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS, LIGHTHOUSE_PAGES (words of the pages' names, comma
 * separated: `institution,lead` audits the pages whose name holds either), BENCH_SKIP_WEB_BUILD=1 to serve
 * apps/web/dist as it is.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import type { Flags, Result } from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import type { Browser } from 'puppeteer-core';
import { type AppProcess, buildWeb, startApp, webBuildIsFresh } from './app-process.ts';
import { progress } from './options.ts';
import { startEarly, take, track } from './prestart.ts';
import { checkTable, table, type Check } from './report.ts';
import type { Chart, Section, SectionOptions, SectionResult } from './section.ts';
import { isMain, runStandalone } from './standalone.ts';

const TARGETS = { score: 90, accessibility: 95, cls: 0.1, scriptKb: 250 };
/** The pages a `--quick` run audits (the full run audits all six). */
const QUICK_PAGES = new Set(['sign-in (baseline)', 'marketplace offers', 'lead list']);
/** `--quick` audits each page once: one run's performance score swings by about 10 points here. */
const QUICK_SCORE_MARGIN = 10;
/** The web app's signed-in session (apps/web/src/lib/storage.ts, STORAGE_KEYS.session). */
const SESSION_KEY = 'tessera.session';
const INVESTOR = { email: 'investor@demo.tessera.local', password: 'demo-investor-2026' };
const OWNER = { email: 'owner@demo.tessera.local', password: 'demo-owner-2026' };
const DEFAULT_RUNS = 3;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TENANT_ID_HEADER = 'x-tenant-id';

/** Lighthouse and puppeteer take seconds to import: loaded by the section (or its prestart), not with every bench run. */
let browserModules: Promise<[typeof import('lighthouse'), typeof import('puppeteer-core')]> | undefined;
const loadBrowserModules = () => (browserModules ??= Promise.all([import('lighthouse'), import('puppeteer-core')]));
/** Audits whose estimated savings explain a low score, listed for the page's median run. */
const TOP_FINDINGS = 6;
/** Diagnostics that carry metric savings but name no change: the LCP element's breakdown. */
const NOT_OPPORTUNITIES = new Set(['largest-contentful-paint-element', 'lcp-breakdown-insight']);

interface PageToAudit {
  name: string;
  path: string;
  /** The session's JSON as the web app stores it after sign-in; the page is audited signed in with it. */
  session?: string;
}

interface AccessibilityFailure {
  id: string;
  title: string;
  /** The failing elements: selector and snippet, as Lighthouse names them. */
  nodes: string[];
}

interface Finding {
  id: string;
  title: string;
  displayValue: string | undefined;
  savings: { FCP?: number; LCP?: number; TBT?: number; CLS?: number };
}

interface PageRun {
  score: number;
  accessibility: number;
  accessibilityFailures: AccessibilityFailure[];
  finalUrl: string;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptTransferBytes: number;
  scriptResourceBytes: number;
  scriptRequests: number;
  totalTransferBytes: number;
  runtimeError: string | undefined;
  /** Lighthouse's measure of the machine's speed at the time; below about 1,000 its CPU numbers are unreliable. */
  benchmarkIndex: number;
  findings: Finding[];
}

interface PageResult {
  name: string;
  url: string;
  runs: PageRun[];
  median: PageRun;
}

function runsPerPage(quick: boolean): number {
  const raw = process.env.LIGHTHOUSE_RUNS?.trim();
  if (!raw) return quick ? 1 : DEFAULT_RUNS;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive whole number, got '${raw}'`);
  return runs;
}

const resultsPath = (file: string) => fileURLToPath(new URL(`../results/${file}`, import.meta.url));
/** `/marketplace/offers/abc` → `marketplace-offers-abc`. */
const reportName = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const msText = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

/**
 * The list page, and the first listed offer's page when the marketplace API lists one. The tenant is the one the
 * address picks (127.0.0.1 serves the default, demo, tenant), named by the header the web app reads too.
 */
export async function pagesToAudit(appUrl: string): Promise<{ pages: PageToAudit[]; notes: string[] }> {
  const pages: PageToAudit[] = [
    { name: 'sign-in (baseline)', path: '/signin' },
    { name: 'marketplace offers', path: '/marketplace/offers' },
  ];
  const notes: string[] = [];
  const head = await fetch(`${appUrl}/`, { method: 'HEAD' });
  const tenantId = head.headers.get(TENANT_ID_HEADER);
  if (!tenantId) {
    notes.push(`no ${TENANT_ID_HEADER} header on HEAD /: the offer page is not audited`);
    return { pages, notes };
  }
  const listUrl = `${appUrl}/api/v1/tenant/${encodeURIComponent(tenantId)}/marketplace/offers?limit=1`;
  const response = await fetch(listUrl);
  if (!response.ok) {
    notes.push(`GET ${new URL(listUrl).pathname}?limit=1 answered ${response.status}: the offer page is not audited`);
    return { pages, notes };
  }
  const body = (await response.json()) as { data?: { slug?: unknown }[] };
  const slug = body.data?.[0]?.slug;
  if (typeof slug !== 'string') {
    notes.push('the marketplace lists no offer: the offer page is not audited');
    return { pages, notes };
  }
  pages.push({ name: 'marketplace offer', path: `/marketplace/offers/${encodeURIComponent(slug)}` });
  try {
    pages.push(...(await signedInPages(appUrl, tenantId)));
  } catch (error) {
    notes.push(`the signed-in pages are not audited: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { pages, notes };
}

async function apiJson(url: string, init: RequestInit = {}): Promise<{ data: Record<string, unknown> & { _id?: string } }> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}`);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** The demo institution with leads and notes (apps/api/src/db/demo/leads.ts). */
const DEMO_LEADS_INSTITUTION = 'summit-ridge-capital';

/**
 * The investor dashboard as the demo investor; the institution dashboard and the lead list as the demo owner in Raise
 * mode on the demo's CRM institution (the one with leads), set through the API as the mode switch does (PUT user/{id}/tenant-member/mode).
 * Each page carries the sign-in answer the web app keeps in localStorage, with the membership the switch returned.
 */
async function signedInPages(appUrl: string, tenantId: string): Promise<PageToAudit[]> {
  const signIn = (account: { email: string; password: string }) =>
    apiJson(`${appUrl}/api/v1/auth/signin`, { method: 'POST', body: JSON.stringify(account) });
  const investor = (await signIn(INVESTOR)).data;
  const owner = (await signIn(OWNER)).data;
  const auth = { authorization: `Bearer ${String(owner.token)}` };
  const institutions = (await apiJson(`${appUrl}/api/v1/tenant/${encodeURIComponent(tenantId)}/institutions?limit=100`, {
    headers: auth,
  })) as unknown as { data: { _id: string; slug: string }[] };
  // The demo's CRM institution, whose lead list has leads (so the grid is drawn, as for a sponsor at work); else the first.
  const institution = (institutions.data.find((i) => i.slug === DEMO_LEADS_INSTITUTION) ?? institutions.data[0])?._id;
  if (!institution) throw new Error('the demo tenant has no institution');
  const ownerId = (owner.user as { _id: string })._id;
  const member = await apiJson(`${appUrl}/api/v1/user/${encodeURIComponent(ownerId)}/tenant-member/mode`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ appMode: 'institution', institution }),
  });
  const raise = JSON.stringify({ ...owner, tenantMember: member.data });
  return [
    { name: 'investor dashboard', path: '/investor/dashboard', session: JSON.stringify(investor) },
    { name: 'institution dashboard', path: '/institution/dashboard', session: raise },
    { name: 'lead list', path: '/institution/leads', session: raise },
  ];
}

function numeric(lhr: Result, id: string): number {
  return lhr.audits[id]?.numericValue ?? Number.NaN;
}

interface NetworkRequestItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

function findings(lhr: Result): Finding[] {
  const savingsOf = (f: Finding) => (f.savings.LCP ?? 0) + (f.savings.FCP ?? 0) + (f.savings.TBT ?? 0);
  return Object.values(lhr.audits)
    .filter((a) => !NOT_OPPORTUNITIES.has(a.id) && a.score !== null && a.score < 0.9)
    .filter((a) => a.metricSavings && Object.values(a.metricSavings).some((v) => (v ?? 0) > 0))
    .map((a) => ({ id: a.id, title: a.title, displayValue: a.displayValue, savings: { ...a.metricSavings } }))
    .sort((a, b) => savingsOf(b) - savingsOf(a))
    .slice(0, TOP_FINDINGS);
}

interface AuditNode {
  node?: { selector?: string; snippet?: string };
}

/** The accessibility category's failing audits and the elements each names. */
function accessibilityFailures(lhr: Result): AccessibilityFailure[] {
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => {
      const details = audit!.details;
      const items = (details && 'items' in details ? details.items : []) as AuditNode[];
      return {
        id: audit!.id,
        title: audit!.title,
        nodes: items.flatMap((item) => (item.node ? [`${item.node.selector ?? '?'}: ${item.node.snippet ?? ''}`] : [])),
      };
    });
}

function summarize(lhr: Result): PageRun {
  const details = lhr.audits['network-requests']?.details;
  const requests = (details && 'items' in details ? details.items : []) as NetworkRequestItem[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sum = (items: NetworkRequestItem[], key: 'transferSize' | 'resourceSize') => items.reduce((n, r) => n + (r[key] ?? 0), 0);
  const score = lhr.categories.performance?.score;
  const accessibility = lhr.categories.accessibility?.score;
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : 0,
    accessibility: typeof accessibility === 'number' ? Math.round(accessibility * 100) : 0,
    accessibilityFailures: accessibilityFailures(lhr),
    finalUrl: lhr.finalDisplayedUrl,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    scriptTransferBytes: sum(scripts, 'transferSize'),
    scriptResourceBytes: sum(scripts, 'resourceSize'),
    scriptRequests: scripts.length,
    totalTransferBytes: sum(requests, 'transferSize'),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    findings: findings(lhr),
  };
}

/**
 * The run with the median score (the lower middle one for an even count), reported whole so its numbers agree;
 * runs that failed to record are left out while any run succeeded.
 */
function medianRun(runs: PageRun[]): PageRun {
  const recorded = runs.filter((r) => !r.runtimeError);
  const sorted = [...(recorded.length ? recorded : runs)].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * One Lighthouse run. Its defaults: mobile form factor and screen, simulated slow 4G and 4x CPU slowdown, storage and
 * cache cleared. A signed-in page keeps its storage instead: a tab of its own first opens a JSON route of the app (no
 * script, nothing cached), writes the session into localStorage and clears the browser cache, so the audited load is
 * still a first load, only signed in; Lighthouse then audits in that tab without resetting storage.
 * `quick` leaves out what no target reads and costs seconds a run: the back/forward cache audit (it navigates away
 * and back) and the full-page screenshot.
 */
async function auditPage(
  chrome: LaunchedChrome,
  browser: Browser,
  url: string,
  session: string | undefined,
  quick: boolean,
): Promise<PageRun> {
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(quick ? { skipAudits: ['bf-cache'], disableFullPageScreenshot: true } : {}),
  };
  let result: Awaited<ReturnType<typeof lighthouse>>;
  const [{ default: lighthouse }] = await loadBrowserModules();
  if (session === undefined) result = await lighthouse(url, { ...flags, port: chrome.port });
  else {
    const page = await browser.newPage();
    try {
      await page.goto(new URL('/api/v1/health/live', url).href);
      // Runs in the page; bench's types have no DOM.
      await page.evaluate(
        (key, value) =>
          (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, value),
        SESSION_KEY,
        session,
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      result = await lighthouse(url, { ...flags, disableStorageReset: true }, undefined, page);
    } finally {
      await page.close();
    }
  }
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const run = summarize(result.lhr);
  reports.set(run, result.lhr);
  return run;
}

/** Each run's full Lighthouse result, kept out of the summary; the median run's is written as an HTML report. */
const reports = new WeakMap<PageRun, Result>();

function pageChecks(page: PageResult, scoreTarget: number): Check[] {
  const m = page.median;
  // An offer's page opens its first tab (/home) in place; a page that ends anywhere else (sign-in, another area)
  // was not the page asked for.
  const elsewhere = !m.finalUrl.startsWith(page.url);
  const note = m.runtimeError ? `invalid: ${m.runtimeError}` : elsewhere ? `invalid: ended at ${new URL(m.finalUrl).pathname}` : undefined;
  const valid = !note;
  return [
    {
      name: `${page.name}: performance score`,
      measured: String(m.score),
      target: `>= ${scoreTarget}`,
      pass: valid && m.score >= scoreTarget,
      ...(note ? { note } : {}),
    },
    {
      name: `${page.name}: accessibility score`,
      measured: String(m.accessibility),
      target: `>= ${TARGETS.accessibility}`,
      pass: valid && m.accessibility >= TARGETS.accessibility,
      ...(note ? { note } : {}),
    },
    {
      name: `${page.name}: CLS`,
      measured: m.cls.toFixed(3),
      target: `<= ${TARGETS.cls}`,
      pass: valid && m.cls <= TARGETS.cls,
      ...(note ? { note } : {}),
    },
    {
      name: `${page.name}: JS transferred`,
      measured: kb(m.scriptTransferBytes),
      target: `<= ${TARGETS.scriptKb} KB`,
      pass: valid && m.scriptTransferBytes <= TARGETS.scriptKb * 1024,
      ...(note ? { note } : {}),
    },
  ];
}

function charts(results: PageResult[], scoreTarget: number): Chart[] {
  const title = (what: string) => `Lighthouse mobile (median run): ${what}`;
  return [
    {
      id: 'browser-scores',
      title: title('performance and accessibility scores'),
      unit: 'score',
      bars: results.flatMap(({ name, median: m }) => [
        { label: `${name}: performance`, value: m.score, target: scoreTarget, bound: 'min' as const },
        { label: `${name}: accessibility`, value: m.accessibility, target: TARGETS.accessibility, bound: 'min' as const },
      ]),
    },
    {
      id: 'browser-js',
      title: title('JavaScript transferred on first load'),
      unit: 'KB',
      bars: results.map(({ name, median: m }) => ({
        label: name,
        value: m.scriptTransferBytes / 1024,
        target: TARGETS.scriptKb,
        bound: 'max' as const,
      })),
    },
    {
      id: 'browser-cls',
      title: title('cumulative layout shift'),
      unit: 'CLS',
      bars: results.map(({ name, median: m }) => ({ label: name, value: m.cls, target: TARGETS.cls, bound: 'max' as const })),
    },
  ];
}

/** Builds and starts the app, audits the pages, prints the tables and writes results/lighthouse.json. */
/** The web build the app serves (skipped when fresh under `--quick`), then the app. */
async function buildAndStartApp(quick: boolean): Promise<AppProcess> {
  if (process.env.BENCH_SKIP_WEB_BUILD === '1') progress('serving apps/web/dist as it is (BENCH_SKIP_WEB_BUILD=1)');
  else if (quick && (await webBuildIsFresh())) progress('apps/web/dist is newer than every source it is built from: serving it');
  else {
    progress('building the web app (npm run build -w apps/web)');
    await buildWeb();
  }
  progress('starting the app (apps/api server.ts, NODE_ENV=production, fresh DATA_DIR, demo data)');
  return startApp();
}

const EARLY_APP = 'browser app';

async function runBrowser({ quick }: SectionOptions): Promise<SectionResult> {
  const chromePath = process.env.CHROME_PATH?.trim() || '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}: apt-get install chromium, or set CHROME_PATH`);
  const runs = runsPerPage(quick);
  const scoreTarget = quick ? TARGETS.score - QUICK_SCORE_MARGIN : TARGETS.score;

  // Simulated throttling multiplies the CPU time it observes by 4, so a busy machine inflates TBT: print its load.
  const loadAverage = loadavg()[0]!.toFixed(1);
  process.stdout.write(
    `Tessera browser bench: Lighthouse, mobile emulation, ${runs} run(s) per page, ${chromePath}, load average ${loadAverage} on ${availableParallelism()} CPUs\n`,
  );
  const app = await (take<AppProcess>(EARLY_APP) ?? buildAndStartApp(quick));
  const [{ generateReport }, { default: puppeteer }] = await loadBrowserModules();
  let chrome: LaunchedChrome | undefined;
  let browser: Browser | undefined;
  try {
    const found = await pagesToAudit(app.url);
    // --quick audits one page of each kind: the sign-in page, the public list and the heaviest signed-in page.
    const notes = found.notes;
    const only = process.env.LIGHTHOUSE_PAGES?.split(',')
      .map((word) => word.trim().toLowerCase())
      .filter(Boolean);
    const pages = only?.length
      ? found.pages.filter((p) => only.some((word) => p.name.includes(word)))
      : quick
        ? found.pages.filter((p) => QUICK_PAGES.has(p.name))
        : found.pages;
    for (const note of notes) progress(note);
    chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    await mkdir(resultsPath(''), { recursive: true });

    const results: PageResult[] = [];
    for (const page of pages) {
      const url = `${app.url}${page.path}`;
      const pageRuns: PageRun[] = [];
      for (let i = 1; i <= runs; i += 1) {
        let run = await auditPage(chrome, browser, url, page.session, quick);
        // A trace that failed to record (NO_NAVSTART, seen on a fresh browser's first load) says nothing about the page.
        if (run.runtimeError) {
          progress(`${page.path} run ${i}/${runs}: ${run.runtimeError}; running it again`);
          run = await auditPage(chrome, browser, url, page.session, quick);
        }
        progress(
          `${page.path} run ${i}/${runs}: performance ${run.score}, accessibility ${run.accessibility}${run.runtimeError ? ` (${run.runtimeError})` : ''}`,
        );
        pageRuns.push(run);
      }
      const median = medianRun(pageRuns);
      const lhr = reports.get(median);
      if (lhr) {
        await writeFile(resultsPath(`lighthouse-${reportName(page.path)}.html`), generateReport(lhr, 'html'));
        // The JSON too: which element is the LCP, what is on its critical path, which long tasks ran.
        await writeFile(resultsPath(`lighthouse-${reportName(page.path)}.json`), JSON.stringify(lhr));
      }
      results.push({ name: page.name, url, runs: pageRuns, median });
    }

    process.stdout.write(
      `\n${table(
        ['page', 'score', 'a11y', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred', 'JS requests', 'all transferred', 'benchmark index'],
        results.map(({ name, url, median: m }) => [
          `${name} ${new URL(url).pathname}${m.finalUrl !== url ? ` (ended at ${new URL(m.finalUrl).pathname})` : ''}`,
          String(m.score),
          String(m.accessibility),
          msText(m.fcpMs),
          msText(m.lcpMs),
          msText(m.tbtMs),
          m.cls.toFixed(3),
          kb(m.scriptTransferBytes),
          String(m.scriptRequests),
          kb(m.totalTransferBytes),
          String(m.benchmarkIndex),
        ]),
      )}\n\n`,
    );
    for (const { name, median } of results.filter((r) => r.median.score < TARGETS.score && r.median.findings.length)) {
      process.stdout.write(`Where ${name} loses time (Lighthouse's estimated savings, median run):\n`);
      for (const f of median.findings) {
        const savings = Object.entries(f.savings)
          .filter(([, v]) => (v ?? 0) > 0)
          .map(([k, v]) => `${k} ${k === 'CLS' ? v!.toFixed(3) : `${Math.round(v!)} ms`}`);
        process.stdout.write(`  - ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}: ${savings.join(', ')}\n`);
      }
      process.stdout.write('\n');
    }

    for (const { name, median } of results.filter((r) => r.median.accessibilityFailures.length)) {
      process.stdout.write(`Accessibility audits failed on ${name} (median run):\n`);
      for (const f of median.accessibilityFailures) {
        process.stdout.write(`  - ${f.id}: ${f.title}\n`);
        for (const node of f.nodes) process.stdout.write(`      ${node.replace(/\s+/g, ' ').slice(0, 200)}\n`);
      }
      process.stdout.write('\n');
    }

    const checks = results.flatMap((page) => pageChecks(page, scoreTarget));
    process.stdout.write(`${checkTable(checks)}\n\n`);
    const pass = checks.every((c) => c.pass);
    const resultsFile = resultsPath('lighthouse.json');
    await writeFile(
      resultsFile,
      `${JSON.stringify(
        {
          finishedAt: new Date().toISOString(),
          environment: {
            node: process.version,
            chromePath,
            chrome: await browserVersion(chrome.port),
            lighthouse: lighthousePackage.version,
            cpus: availableParallelism(),
            loadAverageAtStart: Number(loadAverage),
          },
          runsPerPage: runs,
          targets: { ...TARGETS, score: scoreTarget },
          notes,
          pages: results,
          checks,
          pass,
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(`${pass ? 'All browser targets met' : 'Some browser targets missed'}; results in ${resultsFile}\n`);
    return {
      name: 'browser',
      pass,
      checks,
      charts: charts(results, scoreTarget),
      results: {
        loadAverageAtStart: Number(loadAverage),
        lighthouse: lighthousePackage.version,
        runsPerPage: runs,
        notes,
        pages: results.map(({ name, url, median }) => ({ name, url, median })),
      },
    };
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    await app.stop();
  }
}

export const browserSection: Section = {
  name: 'browser',
  description: 'Lighthouse mobile: performance, accessibility, CLS and first-load JS of six pages, signed out and signed in',
  run: runBrowser,
  prestart({ quick }) {
    startEarly(EARLY_APP, () => buildAndStartApp(quick));
    void track(loadBrowserModules());
  },
};

async function browserVersion(port: number): Promise<string | null> {
  try {
    const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
    return info.Browser ?? null;
  } catch {
    return null;
  }
}

if (isMain(import.meta.url)) runStandalone(browserSection);
