/**
 * Where a page's main thread goes while it loads: `npm run profile:page -w bench -- <page name words>`. Starts the app
 * as the browser bench does (demo data, the same signed-in pages), loads each page in Chromium with a phone's screen
 * and Lighthouse's 4× CPU slowdown, records a trace and prints, for each task longer than 50 ms, its start, length
 * and the functions that spent most of it (self time from V8's sampling profiler). Built with source maps
 * (`WEB_DIST` pointing at `vite build --sourcemap --outDir …`), the functions are named as in the source; otherwise by
 * their minified name and position.
 * Env: CHROME_PATH (default /usr/bin/chromium), WEB_DIST (the web build to serve), PROFILE_TOP (functions per task, 8),
 * PROFILE_CPU_RATE (the CPU slowdown, 4; at 1 the tasks listed are those over 12.5 ms, what Lighthouse's simulation
 * multiplies by 4).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map';
import { startApp } from './app-process.ts';
import { pagesToAudit } from './lighthouse.ts';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: ProfileData & { cpuProfile?: ProfileData; timeDeltas?: number[] } };
  id?: string;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface ProfileData {
  startTime?: number;
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

const CPU_RATE = Number(process.env.PROFILE_CPU_RATE) || 4;
/** Tasks longer than this are listed: 50 ms at Lighthouse's 4× slowdown, scaled to the rate in use. */
const LONG_TASK_US = (50_000 * CPU_RATE) / 4;
const TOP = Number(process.env.PROFILE_TOP) || 8;
const webDist = process.env.WEB_DIST;
const maps = new Map<string, SourceMapConsumer | null>();

async function mapFor(url: string): Promise<SourceMapConsumer | null> {
  if (!webDist || !url.includes('/assets/')) return null;
  if (!maps.has(url)) {
    const file = join(webDist, 'assets', `${url.split('/assets/')[1]?.split('?')[0]}.map`);
    maps.set(url, existsSync(file) ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as never) : null);
  }
  return maps.get(url) ?? null;
}

async function frameName(frame: ProfileNode['callFrame']): Promise<string> {
  if (!frame.url) return frame.functionName || '(native)';
  const map = await mapFor(frame.url);
  const file = frame.url.replace(/^.*\/assets\//, '');
  if (map) {
    const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (pos.source) {
      const source = pos.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
      return `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source}:${pos.line}`;
    }
  }
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber}`;
}

async function analyse(events: TraceEvent[]): Promise<void> {
  // The renderer main thread that ran the most: the page's (an about:blank renderer may be in the trace too).
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').length;
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === main.pid);
  const t0 = navigation?.ts ?? Math.min(...onMain.filter((e) => e.ph === 'X').map((e) => e.ts));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > LONG_TASK_US);

  // The sampling profile: nodes and samples arrive in chunks on the same pid (any thread of it: the profiler's own).
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = 0;
  for (const e of events.filter((x) => x.pid === main.pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
    const data = e.args?.data;
    if (e.name === 'Profile') clock = data?.startTime ?? clock;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node: id });
    });
  }
  let total = 0;
  console.log(`  ${tasks.length} tasks over ${LONG_TASK_US / 1000} ms on the main thread (${CPU_RATE}× CPU slowdown):`);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    total += (task.dur ?? 0) / 1000 - LONG_TASK_US / 1000;
    const self = new Map<string, number>();
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    for (let i = 0; i < inTask.length; i++) {
      const sample = inTask[i]!;
      const next = inTask[i + 1]?.ts ?? end;
      const frame = nodes.get(sample.node)?.callFrame;
      if (!frame || frame.functionName === '(idle)') continue;
      const name = await frameName(frame);
      self.set(name, (self.get(name) ?? 0) + (next - sample.ts));
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    // What the browser says it did in the task: its events one level down (script, parsing, style, layout…).
    const inside = onMain.filter((e) => e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const direct = inside.filter(
      (e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0)),
    );
    const kinds = new Map<string, number>();
    for (const e of direct) kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
    const kindText = [...kinds.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)} ms`)
      .join(', ');
    console.log(`\n  at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms (${kindText})`);
    for (const [name, us] of top) console.log(`    ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`);
  }
  console.log(`\n  blocking time (the part of each long task past 50 ms): ${total.toFixed(0)} ms`);
}

const words = process.argv.slice(2).map((w) => w.toLowerCase());
const app = await startApp();
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH?.trim() || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const { pages } = await pagesToAudit(app.url);
  for (const target of pages.filter((p) => words.length === 0 || words.some((w) => p.name.includes(w)))) {
    console.log(`\n━━ ${target.name} ${target.path}`);
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    if (target.session) {
      // Runs in the page; bench's types have no DOM.
      await page.evaluateOnNewDocument(
        (session: string) =>
          (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
            'tessera.session',
            session,
          ),
        target.session,
      );
    }
    // Warm the server's caches and the HTTP cache's absence alike for every page: one load first, then the traced one.
    await page.goto(`${app.url}${target.path}`, { waitUntil: 'networkidle0' });
    await page.goto('about:blank');
    const client = await page.createCDPSession();
    await client.send('Network.clearBrowserCache');
    await client.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    await page.tracing.start({
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'],
    });
    await page.goto(`${app.url}${target.path}`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const trace = JSON.parse(Buffer.from((await page.tracing.stop()) ?? []).toString('utf8')) as { traceEvents: TraceEvent[] };
    await analyse(trace.traceEvents);
    await page.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
