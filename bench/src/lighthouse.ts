/**
 * Browser bench (issue #6): Lighthouse 12, mobile emulation with simulated throttling, performance only, against
 * the started app. Each page runs LIGHTHOUSE_RUNS times (3); the run with the median score is reported.
 * Targets per page: score >= 90, JavaScript transferred <= 250 KB. Writes results/lighthouse.json, and the median
 * run's HTML report per page as results/lighthouse-{page}.html.
 * Run alone with `npm run bench:lighthouse`; `npm run bench` runs it after the load bench.
 * Env: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS, BENCH_SKIP_WEB_BUILD=1 to serve apps/web/dist as it is.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { generateReport, type Result } from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { buildWeb, startApp } from './app-process.ts';
import { checkTable, table, type Check } from './report.ts';

const TARGETS = { score: 90, scriptKb: 250 };
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
/** Audits whose estimated savings explain a low score, listed for the page's median run. */
const TOP_FINDINGS = 6;
/** Diagnostics that carry metric savings but name no change: the LCP element's breakdown. */
const NOT_OPPORTUNITIES = new Set(['largest-contentful-paint-element', 'lcp-breakdown-insight']);

interface PageToAudit {
  name: string;
  path: string;
}

interface Finding {
  id: string;
  title: string;
  displayValue: string | undefined;
  savings: { FCP?: number; LCP?: number; TBT?: number; CLS?: number };
}

interface PageRun {
  score: number;
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

export interface LighthouseOutcome {
  pass: boolean;
  checks: Check[];
}

function runsPerPage(): number {
  const raw = process.env.LIGHTHOUSE_RUNS?.trim();
  if (!raw) return DEFAULT_RUNS;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive whole number, got '${raw}'`);
  return runs;
}

function progress(text: string): void {
  process.stdout.write(`  ${text}\n`);
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
async function pagesToAudit(appUrl: string): Promise<{ pages: PageToAudit[]; notes: string[] }> {
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
  return { pages, notes };
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

function summarize(lhr: Result): PageRun {
  const details = lhr.audits['network-requests']?.details;
  const requests = (details && 'items' in details ? details.items : []) as NetworkRequestItem[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sum = (items: NetworkRequestItem[], key: 'transferSize' | 'resourceSize') => items.reduce((n, r) => n + (r[key] ?? 0), 0);
  const score = lhr.categories.performance?.score;
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : 0,
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

async function auditPage(chrome: LaunchedChrome, url: string): Promise<PageRun> {
  // Lighthouse's defaults: mobile form factor and screen, simulated slow 4G and 4x CPU slowdown, storage cleared.
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const run = summarize(result.lhr);
  reports.set(run, result.lhr);
  return run;
}

/** Each run's full Lighthouse result, kept out of the summary; the median run's is written as an HTML report. */
const reports = new WeakMap<PageRun, Result>();

function pageChecks(page: PageResult): Check[] {
  const m = page.median;
  const note = m.runtimeError ? `invalid: ${m.runtimeError}` : undefined;
  const valid = !note;
  return [
    {
      name: `${page.name}: performance score`,
      measured: String(m.score),
      target: `>= ${TARGETS.score}`,
      pass: valid && m.score >= TARGETS.score,
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

/** Builds and starts the app, audits the pages, prints the tables and writes results/lighthouse.json. */
export async function runLighthouseBench(): Promise<LighthouseOutcome> {
  const chromePath = process.env.CHROME_PATH?.trim() || '/usr/bin/chromium';
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}: apt-get install chromium, or set CHROME_PATH`);
  const runs = runsPerPage();

  // Simulated throttling multiplies the CPU time it observes by 4, so a busy machine inflates TBT: print its load.
  const loadAverage = loadavg()[0]!.toFixed(1);
  process.stdout.write(
    `Tessera browser bench: Lighthouse, mobile emulation, ${runs} run(s) per page, ${chromePath}, load average ${loadAverage} on ${availableParallelism()} CPUs\n`,
  );
  if (process.env.BENCH_SKIP_WEB_BUILD === '1') progress('serving apps/web/dist as it is (BENCH_SKIP_WEB_BUILD=1)');
  else {
    progress('building the web app (npm run build -w apps/web)');
    await buildWeb();
  }
  progress('starting the app (apps/api server.ts, NODE_ENV=production, fresh DATA_DIR, demo data)');
  const app = await startApp();
  let chrome: LaunchedChrome | undefined;
  try {
    const { pages, notes } = await pagesToAudit(app.url);
    for (const note of notes) progress(note);
    chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    await mkdir(resultsPath(''), { recursive: true });

    const results: PageResult[] = [];
    for (const page of pages) {
      const url = `${app.url}${page.path}`;
      const pageRuns: PageRun[] = [];
      for (let i = 1; i <= runs; i += 1) {
        let run = await auditPage(chrome, url);
        // A trace that failed to record (NO_NAVSTART, seen on a fresh browser's first load) says nothing about the page.
        if (run.runtimeError) {
          progress(`${page.path} run ${i}/${runs}: ${run.runtimeError}; running it again`);
          run = await auditPage(chrome, url);
        }
        progress(`${page.path} run ${i}/${runs}: score ${run.score}${run.runtimeError ? ` (${run.runtimeError})` : ''}`);
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
        ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transferred', 'JS requests', 'all transferred', 'benchmark index'],
        results.map(({ name, url, median: m }) => [
          `${name} ${new URL(url).pathname}${m.finalUrl !== url ? ` (ended at ${new URL(m.finalUrl).pathname})` : ''}`,
          String(m.score),
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

    const checks = results.flatMap(pageChecks);
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
          targets: TARGETS,
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
    return { pass, checks };
  } finally {
    chrome?.kill();
    await app.stop();
  }
}

async function browserVersion(port: number): Promise<string | null> {
  try {
    const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
    return info.Browser ?? null;
  } catch {
    return null;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const strict = process.argv.includes('--strict');
  runLighthouseBench()
    .then(({ pass }) => {
      if (strict && !pass) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      process.stderr.write(`browser bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
