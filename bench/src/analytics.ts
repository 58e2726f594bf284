/**
 * Analytics bench (issue #25), a section of `npm run bench` and runnable alone (`npm run bench:analytics`):
 * - dashboards over BENCH_ANALYTICS_EVENTS events of one tenant (1,000,000; 50,000 with --quick), bulk-inserted with
 *   their rollups by the forked server (analytics-data.ts): one signed-in owner in a loop on the tenant dashboard for
 *   30 days by day, 24 hours by hour and all time by month, and on an institution's and an offer's dashboard for
 *   30 days by day, p95 of each;
 * - ingestion: POST /api/v1/analytics with batches of 50 events, each request a new visitor (tid), as a browser sends
 *   them; events recorded per second (from the answers), p99 acknowledgement, and `health` p99 probed at 50 req/s
 *   meanwhile, with the server's event-loop delay. The connection count is the one of a short sweep that records the
 *   most events within the p99 target.
 * PGlite, or PostgreSQL with BENCH_DATABASE_URL. Writes results/analytics-<engine>.json; exits 0 unless --strict and
 * a target fails.
 */

import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ANALYTICS_BATCH_MAX, presetRange, type AnalyticsEventInput, type DashboardPreset } from '@tessera/domain';
import type autocannon from 'autocannon';
import type { AnalyticsSeed } from './analytics-data.ts';
import { load, type LoadResult } from './load.ts';
import type { LoopDelay, ProcessMemory } from './protocol.ts';
import { check, checkTable, ms, scenarioTable, table, type Check, writeResultsFile } from './report.ts';
import type { Chart, Section, SectionOptions, SectionResult } from './section.ts';
import { prestartServers, startServers } from './server-process.ts';

const TENANT = 'demo';
const OWNER = { email: 'owner@demo.tessera.local', password: 'demo-owner-2026' };
/** Offers the tenant holds besides the demo ones, over the marketplace bench's 20 institutions. */
const OFFERS = 200;
const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 tessera-bench';
const HEALTH_CONNECTIONS = 5;
const HEALTH_RATE_PER_SECOND = 50;

/** Issue #25's targets; --quick loosens latency ×2 and throughput ×0.5. */
const TARGETS = {
  eventsPerSecond: { postgres: 5000, pglite: 2000 },
  ackP99Ms: 100,
  healthP99Ms: 50,
  dashboardP95Ms: { 'tenant-30d': 100, 'tenant-24h': 50, 'tenant-all': 150, 'institution-30d': 100, 'offer-30d': 100 },
} as const;
const QUICK_LATENCY = 2;
const QUICK_THROUGHPUT = 0.5;

interface Plan {
  events: number;
  sweep: number[];
  sweepSeconds: number;
  ingestSeconds: number;
  dashboardSeconds: number;
  warmupSeconds: number;
}
const FULL: Plan = { events: 1_000_000, sweep: [1, 2, 4, 8], sweepSeconds: 4, ingestSeconds: 10, dashboardSeconds: 6, warmupSeconds: 1 };
/** About 15 s of ingestion and dashboards: no sweep (the connection count full runs chose), short runs. */
const QUICK: Plan = { events: 10_000, sweep: [4], sweepSeconds: 0, ingestSeconds: 3, dashboardSeconds: 1.5, warmupSeconds: 0.5 };

type Engine = 'postgres' | 'pglite';
type DashboardKey = keyof typeof TARGETS.dashboardP95Ms;

const progress = (text: string) => process.stdout.write(`  ${text}\n`);
const load1 = () => loadavg()[0]!.toFixed(1);
const rate = (value: number) => Math.round(value).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

async function expectOk<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

// ── Ingestion ────────────────────────────────────────────────────────────────────────────

/** Stands for the tid in a batch's body, replaced per request (same length, so the body is built once). */
const TID_MARK = 'TIDTIDTIDTIDTIDT';

/**
 * A batch of ANALYTICS_BATCH_MAX events from one visitor, as the web app sends them: 40 offer cards seen, a page view,
 * 5 offer pages, 2 document views, a download and a click, each on its own target (so none is a duplicate of another).
 * `variant` rotates which offers.
 */
function batchTemplate(offers: { _id: string }[], variant: number): string {
  const offer = (k: number) => offers[(variant * 7 + k) % offers.length]!._id;
  const base = {
    tid: TID_MARK,
    client: { path: '/marketplace/offers', title: 'Marketplace' },
    environment: { appType: 'platform' as const },
  };
  const events: AnalyticsEventInput[] = [
    ...Array.from({ length: 40 }, (_, k) => ({ ...base, type: 'impression' as const, offer: offer(k) })),
    { ...base, type: 'view' },
    ...Array.from({ length: 5 }, (_, k) => ({
      ...base,
      type: 'offer-view' as const,
      offer: offer(k),
      client: { path: `/marketplace/offers/${offer(k)}` },
    })),
    ...Array.from({ length: 2 }, (_, k) => ({ ...base, type: 'document-view' as const, offer: offer(k) })),
    { ...base, type: 'document-download', offer: offer(0) },
    { ...base, type: 'cta', offer: offer(0) },
  ];
  if (events.length !== ANALYTICS_BATCH_MAX) throw new Error(`a batch of ${events.length} events`);
  return JSON.stringify(events);
}

interface IngestRun {
  connections: number;
  load: LoadResult;
  recorded: number;
  dropped: number;
  eventsPerSecond: number;
}

let batchSequence = 0;

/** One ingestion run at `connections`, every request a new tid; events recorded counted from the answers. */
async function ingest(appUrl: string, templates: string[], connections: number, durationSeconds: number): Promise<IngestRun> {
  let recorded = 0;
  let dropped = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/v1/analytics',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_USER_AGENT },
    setupRequest: (req) => {
      const n = ++batchSequence;
      const tid = `b${process.pid.toString(36)}${n.toString(36)}`.padEnd(TID_MARK.length, '0');
      return { ...req, body: templates[n % templates.length]!.replaceAll(TID_MARK, tid) };
    },
    onResponse: (status, body) => {
      if (status !== 200) return;
      const { data } = JSON.parse(body) as { data: { recorded: number; dropped: Record<string, number> } };
      recorded += data.recorded;
      dropped += Object.values(data.dropped).reduce((a, b) => a + b, 0);
    },
  };
  const result = await load({ url: appUrl, connections, durationSeconds, requests: [request] });
  return { connections, load: result, recorded, dropped, eventsPerSecond: recorded / durationSeconds };
}

interface Ingestion {
  sweep: IngestRun[];
  chosen: IngestRun;
  health: LoadResult;
  loopDelay: LoopDelay;
  loadAverage: number;
}

async function measureIngestion(server: Awaited<ReturnType<typeof startServers>>, plan: Plan, ackP99Ms: number): Promise<Ingestion> {
  const offers = await expectOk<{ _id: string }[]>(`${server.appUrl}/api/v1/tenant/${TENANT}/marketplace/offers?limit=100`);
  if (offers.length < 50) throw new Error(`the marketplace lists ${offers.length} offers; the batches need at least 50`);
  const templates = Array.from({ length: 16 }, (_, variant) => batchTemplate(offers, variant));

  progress(`ingestion: warm-up ${plan.warmupSeconds} s`);
  await ingest(server.appUrl, templates, plan.sweep[0]!, plan.warmupSeconds);
  const sweep: IngestRun[] = [];
  if (plan.sweep.length > 1)
    for (const connections of plan.sweep) {
      const run = await ingest(server.appUrl, templates, connections, plan.sweepSeconds);
      progress(
        `ingestion sweep, ${connections} connections: ${rate(run.eventsPerSecond)} events/s, p99 ${ms(run.load.p99Ms)} (load average ${load1()})`,
      );
      sweep.push(run);
    }
  // The most events within the p99 target; else the lowest p99.
  const within = sweep.filter((r) => r.load.p99Ms <= ackP99Ms && r.load.non2xx === 0 && r.load.errors === 0);
  const best = within.sort((a, b) => b.eventsPerSecond - a.eventsPerSecond)[0] ?? [...sweep].sort((a, b) => a.load.p99Ms - b.load.p99Ms)[0];
  const connections = best?.connections ?? plan.sweep[0]!;

  progress(`ingestion: ${plan.ingestSeconds} s at ${connections} connections, GET /api/v1/health probed at ${HEALTH_RATE_PER_SECOND}/s`);
  server.resetLoopDelay();
  const [chosen, health] = await Promise.all([
    ingest(server.appUrl, templates, connections, plan.ingestSeconds),
    load({
      url: `${server.appUrl}/api/v1/health`,
      connections: HEALTH_CONNECTIONS,
      durationSeconds: plan.ingestSeconds,
      overallRate: HEALTH_RATE_PER_SECOND,
    }),
  ]);
  const loopDelay = await server.readLoopDelay();
  return { sweep, chosen, health, loopDelay, loadAverage: loadavg()[0]! };
}

// ── Dashboards ───────────────────────────────────────────────────────────────────────────

interface DashboardRun {
  key: DashboardKey;
  name: string;
  url: string;
  load: LoadResult;
  loadAverage: number;
}

const windowQuery = (preset: DashboardPreset) => {
  const { start, end, scale } = presetRange(preset, new Date());
  return `start=${start.toISOString()}&end=${end.toISOString()}&scale=${scale}`;
};

async function measureDashboards(appUrl: string, plan: Plan): Promise<DashboardRun[]> {
  const { token } = await expectOk<{ token: string }>(`${appUrl}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const headers = { authorization: `Bearer ${token}` };
  const tenantUrl = `${appUrl}/api/v1/tenant/${TENANT}/dashboard`;
  // The institution and the offer with the most impressions of all time.
  const all = await expectOk<{ topOffers: { _id: string }[]; topInstitutions: { _id: string }[]; analytics: { totals: unknown } }>(
    `${tenantUrl}?${windowQuery('all-time')}`,
    { headers },
  );
  const offer = all.topOffers[0]?._id;
  const institution = all.topInstitutions[0]?._id;
  if (!offer || !institution) throw new Error('the tenant dashboard ranks no offer or institution: the seed did not roll up');
  progress(`all-time totals: ${JSON.stringify(all.analytics.totals)}`);

  const queries: { key: DashboardKey; name: string; url: string }[] = [
    { key: 'tenant-30d', name: 'tenant, 30 days by day', url: `${tenantUrl}?${windowQuery('1month')}` },
    { key: 'tenant-24h', name: 'tenant, 24 hours by hour', url: `${tenantUrl}?${windowQuery('24hrs')}` },
    { key: 'tenant-all', name: 'tenant, all time by month', url: `${tenantUrl}?${windowQuery('all-time')}` },
    {
      key: 'institution-30d',
      name: 'institution, 30 days by day',
      url: `${appUrl}/api/v1/tenant/${TENANT}/institutions/${institution}/dashboard?${windowQuery('1month')}`,
    },
    {
      key: 'offer-30d',
      name: 'offer, 30 days by day',
      url: `${appUrl}/api/v1/tenant/${TENANT}/offers/${offer}/dashboard?${windowQuery('1month')}`,
    },
  ];
  const runs: DashboardRun[] = [];
  for (const q of queries) {
    await expectOk(q.url, { headers });
    await load({ url: q.url, headers, connections: 1, durationSeconds: plan.warmupSeconds });
    const result = await load({ url: q.url, headers, connections: 1, durationSeconds: plan.dashboardSeconds });
    runs.push({ ...q, load: result, loadAverage: loadavg()[0]! });
    progress(`${q.name}: p50 ${ms(result.p50Ms)}, p95 ${ms(result.p95Ms)} (${result.requests} requests, load average ${load1()})`);
  }
  return runs;
}

// ── The section ──────────────────────────────────────────────────────────────────────────

const eventCount = (quick: boolean) => Number(process.env.BENCH_ANALYTICS_EVENTS ?? (quick ? QUICK : FULL).events);
const serverEnv = (events: number) => ({ BENCH_OFFERS: String(OFFERS), BENCH_DATA: 'marketplace', BENCH_ANALYTICS_EVENTS: String(events) });

async function runAnalytics({ quick }: SectionOptions): Promise<SectionResult> {
  const engine: Engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const plan = quick ? QUICK : FULL;
  const events = eventCount(quick);
  const latency = quick ? QUICK_LATENCY : 1;
  const throughput = quick ? QUICK_THROUGHPUT : 1;
  const targets = {
    eventsPerSecond: TARGETS.eventsPerSecond[engine] * throughput,
    ackP99Ms: TARGETS.ackP99Ms * latency,
    healthP99Ms: TARGETS.healthP99Ms * latency,
    dashboardP95Ms: (key: DashboardKey) => TARGETS.dashboardP95Ms[key] * latency,
  };
  process.stdout.write(
    `Tessera analytics bench on ${engine}${quick ? ' (quick: latency targets ×2, throughput ×0.5)' : ''}: ${rate(events)} events over ${OFFERS} offers, Node ${process.version}, ${availableParallelism()} CPUs, load average ${load1()}\n`,
  );
  const started = performance.now();
  const server = await startServers(serverEnv(events), false, true);
  const seed = server.analyticsSeed;
  try {
    if (!seed) throw new Error('the server did not seed the analytics events');
    const memory: ProcessMemory = await server.readMemory();
    progress(
      `ready in ${seconds(performance.now() - started)}; seed: ${rate(seed.events)} events inserted in ${seconds(seed.insertMs)}, rollups rebuilt in ${seconds(seed.rollupsMs)} (${rate(seed.rollupRows)} rollup rows, ${rate(seed.visitorRows)} visitor rows), VACUUM ANALYZE ${seconds(seed.analyzeMs)}; server RSS ${mb(memory.rssBytes)} (load average ${load1()})`,
    );

    const dashboards = await measureDashboards(server.appUrl, plan);
    const ingestion = await measureIngestion(server, plan, targets.ackP99Ms);
    const memoryAfter = await server.readMemory();
    const checks = buildChecks(engine, targets, dashboards, ingestion);
    const pass = checks.every((c) => c.pass);
    printTables(seed, memory, memoryAfter, dashboards, ingestion, checks);

    const results = {
      finishedAt: new Date().toISOString(),
      engine,
      quick,
      environment: { node: process.version, cpus: availableParallelism(), loadAverage: loadavg() },
      targets: { ...targets, dashboardP95Ms: Object.fromEntries(dashboards.map((d) => [d.key, targets.dashboardP95Ms(d.key)])) },
      seed,
      serverMemory: { afterSeed: memory, afterIngestion: memoryAfter },
      dashboards,
      ingestion,
      checks,
      pass,
    };
    const resultsFile = await writeResultsFile(`analytics-${engine}.json`, results);
    process.stdout.write(`${pass ? 'All analytics targets met' : 'Some analytics targets missed'}; results in ${resultsFile}\n`);
    return { name: 'analytics', pass, checks, charts: charts(engine, targets, dashboards, ingestion), results };
  } finally {
    await server.stop();
  }
}

interface Targets {
  eventsPerSecond: number;
  ackP99Ms: number;
  healthP99Ms: number;
  dashboardP95Ms(key: DashboardKey): number;
}

function buildChecks(engine: Engine, targets: Targets, dashboards: DashboardRun[], ingestion: Ingestion): Check[] {
  const { chosen, health } = ingestion;
  // The dashboards' targets are PostgreSQL's (issue #25); on PGlite the same runs are reported.
  const reported = engine === 'pglite';
  return [
    check(
      `ingestion, ${chosen.connections} connections`,
      `${rate(chosen.eventsPerSecond)} events/s`,
      `>= ${rate(targets.eventsPerSecond)} events/s`,
      chosen.eventsPerSecond >= targets.eventsPerSecond,
      chosen.load,
    ),
    check(
      'ingestion acknowledgement p99',
      ms(chosen.load.p99Ms),
      `<= ${targets.ackP99Ms} ms`,
      chosen.load.p99Ms <= targets.ackP99Ms,
      chosen.load,
    ),
    check(`health p99 during ingestion`, ms(health.p99Ms), `<= ${targets.healthP99Ms} ms`, health.p99Ms <= targets.healthP99Ms, health),
    ...dashboards.map((d) => {
      const target = targets.dashboardP95Ms(d.key);
      const c = check(`${d.name} p95`, ms(d.load.p95Ms), `<= ${target} ms`, d.load.p95Ms <= target, d.load);
      return reported
        ? { ...c, pass: true, note: `reported: ${d.load.p95Ms <= target ? 'within' : 'over'} the target PostgreSQL is held to` }
        : c;
    }),
  ];
}

function charts(engine: Engine, targets: Targets, dashboards: DashboardRun[], ingestion: Ingestion): Chart[] {
  return [
    {
      id: `analytics-ingestion-${engine}`,
      title: `Analytics ingestion, batches of 50 (${engine})`,
      unit: 'events/s',
      bars: [
        ...ingestion.sweep.map((r) => ({ label: `${r.connections} connections (sweep)`, value: r.eventsPerSecond })),
        {
          label: `${ingestion.chosen.connections} connections`,
          value: ingestion.chosen.eventsPerSecond,
          target: targets.eventsPerSecond,
          bound: 'min' as const,
        },
      ],
    },
    {
      id: `analytics-dashboards-${engine}`,
      title: `Dashboards over the seeded events, one client, p95 (${engine})`,
      unit: 'ms',
      bars: dashboards.map((d) => ({ label: d.name, value: d.load.p95Ms, target: targets.dashboardP95Ms(d.key), bound: 'max' as const })),
    },
  ];
}

function printTables(
  seed: AnalyticsSeed,
  memory: ProcessMemory,
  memoryAfter: ProcessMemory,
  dashboards: DashboardRun[],
  ingestion: Ingestion,
  checks: Check[],
): void {
  const { chosen, health, loopDelay } = ingestion;
  process.stdout.write(
    `\n${table(
      ['seed', 'insert', 'rollups', 'vacuum analyze', 'rollup rows', 'visitor rows', 'RSS after seed', 'RSS after ingestion'],
      [
        [
          `${rate(seed.events)} events, ${seed.days} days`,
          seconds(seed.insertMs),
          seconds(seed.rollupsMs),
          seconds(seed.analyzeMs),
          rate(seed.rollupRows),
          rate(seed.visitorRows),
          mb(memory.rssBytes),
          mb(memoryAfter.rssBytes),
        ],
      ],
    )}\n\n${scenarioTable([
      ...dashboards.map((d) => ({ name: d.name, result: d.load })),
      ...ingestion.sweep.map((r) => ({ name: `POST analytics (sweep)`, result: r.load })),
      { name: 'POST analytics (50 events)', result: chosen.load },
      { name: `GET health (${HEALTH_RATE_PER_SECOND}/s, meanwhile)`, result: health },
    ])}\n\n${table(
      ['ingestion', 'events recorded', 'dropped', 'events/s', 'load average'],
      [...ingestion.sweep, chosen].map((r, i) => [
        `${r.connections} connections${i < ingestion.sweep.length ? ' (sweep)' : ''}`,
        rate(r.recorded),
        rate(r.dropped),
        rate(r.eventsPerSecond),
        i < ingestion.sweep.length ? '' : ingestion.loadAverage.toFixed(1),
      ]),
    )}\n\nServer event-loop delay during ingestion: p50 ${ms(loopDelay.p50Ms)}, p99 ${ms(loopDelay.p99Ms)}, max ${ms(loopDelay.maxMs)}\n\n${checkTable(checks)}\n\n`,
  );
}

export const analyticsSection: Section = {
  name: 'analytics',
  description:
    'Analytics: ingestion of 50-event batches (events/s, p99 ack, health p99 meanwhile) and dashboards over 1,000,000 events (p95)',
  run: runAnalytics,
  prestart: ({ quick }) => prestartServers(serverEnv(eventCount(quick)), false, true),
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const strict = process.argv.includes('--strict');
  analyticsSection
    .run({ quick: process.argv.includes('--quick') })
    .then(({ pass }) => {
      if (strict && !pass) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      process.stderr.write(`analytics bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
