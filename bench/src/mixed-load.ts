/**
 * Mixed load and memory (issue #25): BENCH_VUS (200) virtual users for BENCH_DURATION (60) s against the real app, each
 * with an account of its own (mixed-data.ts), doing what people do: browse the public marketplace list signed out and
 * signed in (sorts, filters, pages), open offer pages, sign in, edit their profile, and, for the sponsors among them,
 * list and edit their own lead; every user's browser also sends analytics batches of 10–50 events. Each user waits a
 * think time between actions (BENCH_THINK_MS, 1,000 ms on average; 0 makes a closed loop as fast as the server
 * answers). Prints p50/p95/p99 per operation, the errors (any answer but 2xx or 304), the throughput as a share of the
 * bare route measured in the same run, and the API process's memory: at rest after a full collection, and the peak
 * sampled every 500 ms under the load, with PGlite's worker on its own line. Targets: 0 errors, p99 ≤ 200 ms on
 * PostgreSQL, RSS ≤ 300 MB at rest and ≤ 1 GB at peak. Runs on PostgreSQL when BENCH_DATABASE_URL is set, then on
 * PGlite (BENCH_ENGINES=postgres or pglite picks one); writes results/mixed-<engine>.json.
 */

import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { load, type LoadResult } from './load.ts';
import { isSponsor, MIXED_PASSWORD, mixedEmail, mixedInstitutionId, mixedLeadId, mixedUserId } from './mixed-data.ts';
import { pgliteTotal, type LoopDelay, type MemoryPeak, type PgliteMemory, type ProcessMemory } from './protocol.ts';
import { checkTable, ms, table, type Check, writeResultsFile } from './report.ts';
import type { Chart, Section, SectionOptions, SectionResult } from './section.ts';
import { prestartServers, startServers, type ServerProcess } from './server-process.ts';

const TARGETS = { p99Ms: 200, restRssMb: 300, peakRssMb: 1024 };
/** --quick: 50 users for 5 s on 1,000 offers, one engine; p99 may reach twice its target (the memory bounds stay). */
const QUICK = { vus: 50, durationSeconds: 5, offers: 1_000, p99Factor: 2 };
const FULL = { vus: 200, durationSeconds: 60, offers: 10_000, p99Factor: 1 };
const TENANT = 'demo';
const MB = 1024 * 1024;
const SIGNIN_CONCURRENCY = 8;

type Operation =
  | 'list signed out'
  | 'list signed in'
  | 'offer page'
  | 'sign-in'
  | 'profile edit'
  | 'leads list'
  | 'lead edit'
  | 'analytics batch';

/** How often each action comes up (relative weights). Lead actions are the sponsors' only; the others redraw. */
const MIX: [Operation, number][] = [
  ['list signed out', 25],
  ['list signed in', 15],
  ['offer page', 20],
  ['analytics batch', 15],
  ['profile edit', 8],
  ['leads list', 6],
  ['lead edit', 8],
  ['sign-in', 3],
];
const SPONSOR_ONLY = new Set<Operation>(['leads list', 'lead edit']);

const SORTS = ['newest', 'name', 'targetIrr', 'minimumInvestment', 'openDate'];
const ASSET_CLASSES = ['multi-family', 'industrial', 'retail', 'office-spaces', 'storage-facilities', 'hospitality', 'mixed-use'];
const EVENT_TYPES = ['view', 'impression', 'offer-view', 'impression', 'click', 'search'] as const;

function positive(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, got '${raw}'`);
  return value;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomId = () => Math.random().toString(36).slice(2, 12).padEnd(10, '0');
const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
/** PGlite's worker: its heap, and its external memory (the WebAssembly memory and buffers). */
const pgliteText = (m: PgliteMemory) =>
  `heap ${mb(m.heapUsed)}, external ${mb(m.external)} (WebAssembly memory and buffers, ${mb(m.arrayBuffers)} of it buffers)`;
const loadAverage = () => loadavg().map((l) => Number(l.toFixed(2)));
const progress = (text: string) => process.stdout.write(`  ${text}\n`);

interface Latencies {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

function latencies(samples: number[]): Latencies {
  const sorted = Float64Array.from(samples).sort();
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

/** The marketplace list's query: a sort, sometimes an asset class or IRR filter, pages 1–5 (as people page). */
function listQuery(): string {
  const params = new URLSearchParams({ page: String(1 + Math.floor(Math.random() ** 2 * 5)), limit: '12', sort: pick(SORTS) });
  if (Math.random() < 0.3) params.set('assetClass', pick(ASSET_CLASSES));
  if (Math.random() < 0.2) {
    const from = 4 + Math.floor(Math.random() * 8);
    params.set('irrMin', String(from));
    params.set('irrMax', String(from + 6));
  }
  return params.toString();
}

interface Listed {
  slugs: string[];
  ids: string[];
}

interface VirtualUser {
  n: number;
  token: string;
  tid: string;
}

interface Failure {
  operation: Operation;
  status: number;
  body: string;
}

/** Each response's latency goes to its operation's list once the warm-up is over; anything but 2xx or 304 is an error. */
class Recorder {
  measuring = false;
  readonly samples = new Map<Operation, number[]>(MIX.map(([operation]) => [operation, []]));
  readonly errors = new Map<Operation, number>();
  readonly firstFailures: Failure[] = [];
  eventsSent = 0;
  eventsRecorded = 0;

  record(operation: Operation, elapsedMs: number, status: number, body: string): void {
    if (!this.measuring) return;
    this.samples.get(operation)!.push(elapsedMs);
    if ((status >= 200 && status < 300) || status === 304) return;
    this.errors.set(operation, (this.errors.get(operation) ?? 0) + 1);
    if (this.firstFailures.length < 10) this.firstFailures.push({ operation, status, body: body.slice(0, 300) });
  }
}

/** One call: its latency from the request to the end of the body. A network error counts as status 0. */
async function call(
  recorder: Recorder,
  operation: Operation,
  url: string,
  init: { method?: string; token?: string | undefined; body?: unknown } = {},
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let status = 0;
  let text: string;
  try {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    text = error instanceof Error ? error.message : String(error);
  }
  recorder.record(operation, performance.now() - started, status, text);
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (an error page): the status already tells.
  }
  return { status, json };
}

/** 10–50 events of one tab: page views, impressions and views of listed offers, clicks, searches. */
function analyticsBatch(user: VirtualUser, listed: Listed): unknown[] {
  const count = 10 + Math.floor(Math.random() * 41);
  // A new tab now and then: a new tracking id.
  if (Math.random() < 0.1) user.tid = `vu${user.n}-${randomId()}`;
  return Array.from({ length: count }, (_, i) => {
    const type = EVENT_TYPES[i % EVENT_TYPES.length]!;
    const offer = pick(listed.ids);
    return {
      type,
      tid: user.tid,
      client: { path: type === 'offer-view' ? `/marketplace/offers/${offer}` : '/marketplace/offers', title: 'Marketplace' },
      environment: { appType: 'platform' },
      ...(type === 'impression' || type === 'offer-view' || type === 'click' ? { offer } : {}),
      ...(type === 'search' ? { meta: { state: { search: pick(['harbor', 'ridge', 'canyon']) } } } : {}),
    };
  });
}

async function act(operation: Operation, user: VirtualUser, base: string, listed: Listed, recorder: Recorder): Promise<void> {
  const tenant = `${base}/api/v1/tenant/${TENANT}`;
  switch (operation) {
    case 'list signed out':
      await call(recorder, operation, `${tenant}/marketplace/offers?${listQuery()}`);
      return;
    case 'list signed in':
      await call(recorder, operation, `${tenant}/marketplace/offers?${listQuery()}`, { token: user.token });
      return;
    case 'offer page':
      await call(recorder, operation, `${tenant}/marketplace/offers/${pick(listed.slugs)}`, {
        token: Math.random() < 0.5 ? user.token : undefined,
      });
      return;
    case 'analytics batch': {
      const events = analyticsBatch(user, listed);
      const { json } = await call(recorder, operation, `${base}/api/v1/analytics`, {
        method: 'POST',
        token: Math.random() < 0.5 ? user.token : undefined,
        body: events,
      });
      if (recorder.measuring) {
        recorder.eventsSent += events.length;
        const ids = (json as { data?: { ids?: (string | null)[] } } | null)?.data?.ids ?? [];
        recorder.eventsRecorded += ids.filter(Boolean).length;
      }
      return;
    }
    case 'profile edit':
      await call(recorder, operation, `${base}/api/v1/user/${mixedUserId(user.n)}`, {
        method: 'PUT',
        token: user.token,
        body: {
          firstname: 'Mixed',
          lastname: `Person ${user.n}`,
          city: pick(['Austin', 'Denver', 'Boston', 'Portland']),
          timeFormat: null,
        },
      });
      return;
    case 'leads list':
      await call(recorder, operation, `${tenant}/leads?institution=${mixedInstitutionId(user.n)}&page=1&limit=20`, { token: user.token });
      return;
    case 'lead edit':
      await call(recorder, operation, `${tenant}/leads/${mixedLeadId(user.n)}/details`, {
        method: 'PUT',
        token: user.token,
        body: {
          firstname: 'Lead',
          lastname: `Of ${user.n}`,
          middlename: '',
          company: `Company ${user.n}`,
          companyTitle: pick(['CFO', 'Partner', 'Analyst']),
          origin: 'manual',
          interests: [pick(ASSET_CLASSES)],
          tags: [pick(['warm', 'cold', 'follow-up'])],
        },
      });
      return;
    case 'sign-in': {
      const { status, json } = await call(recorder, operation, `${base}/api/v1/auth/signin`, {
        method: 'POST',
        body: { email: mixedEmail(user.n), password: MIXED_PASSWORD },
      });
      const token = (json as { data?: { token?: string } } | null)?.data?.token;
      if (status === 200 && token) user.token = token;
      return;
    }
  }
}

function chooser(sponsor: boolean): () => Operation {
  const mix = MIX.filter(([operation]) => sponsor || !SPONSOR_ONLY.has(operation));
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  return () => {
    let left = Math.random() * total;
    for (const [operation, weight] of mix) {
      left -= weight;
      if (left < 0) return operation;
    }
    return mix[mix.length - 1]![0];
  };
}

async function signIn(base: string, n: number): Promise<string> {
  const response = await fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: mixedEmail(n), password: MIXED_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${mixedEmail(n)} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The listed offers' slugs and ids, from the first pages of the list (what people open). */
async function listedOffers(base: string): Promise<Listed> {
  const listed: Listed = { slugs: [], ids: [] };
  for (let page = 1; page <= 5; page++) {
    const response = await fetch(`${base}/api/v1/tenant/${TENANT}/marketplace/offers?page=${page}&limit=100`);
    if (!response.ok) throw new Error(`the marketplace list answered ${response.status}: ${await response.text()}`);
    const { data } = (await response.json()) as { data: { _id: string; slug: string }[] };
    for (const offer of data) {
      listed.slugs.push(offer.slug);
      listed.ids.push(offer._id);
    }
  }
  if (listed.slugs.length === 0) throw new Error('the marketplace lists no offer');
  return listed;
}

interface EngineResult {
  engine: 'postgres' | 'pglite';
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  virtualUsers: number;
  sponsors: number;
  durationSeconds: number;
  warmupSeconds: number;
  thinkMs: number;
  offers: number;
  bare: LoadResult;
  requests: number;
  requestsPerSecond: number;
  shareOfBare: number;
  all: Latencies;
  operations: Record<string, Latencies & { errors: number }>;
  errors: number;
  firstFailures: Failure[];
  analytics: { eventsSent: number; eventsRecorded: number };
  memory: { atRest: ProcessMemory; peak: MemoryPeak; afterLoad: ProcessMemory };
  loopDelay: LoopDelay;
}

/** What the server of `engine` holds: the offers and the virtual users' accounts. */
function serverEnv(engine: 'postgres' | 'pglite', quick: boolean): Record<string, string | undefined> {
  const shape = quick ? QUICK : FULL;
  return {
    BENCH_DATA: 'mixed',
    BENCH_OFFERS: String(Math.round(positive('BENCH_OFFERS', shape.offers))),
    BENCH_USERS: String(Math.round(positive('BENCH_VUS', shape.vus))),
    BENCH_DATABASE_URL: engine === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined,
  };
}

async function runEngine(engine: 'postgres' | 'pglite', options: SectionOptions): Promise<EngineResult> {
  const shape = options.quick ? QUICK : FULL;
  const vus = Math.round(positive('BENCH_VUS', shape.vus));
  const duration = positive('BENCH_DURATION', shape.durationSeconds);
  const warmup = options.quick ? 1 : 5;
  const thinkMs = positive('BENCH_THINK_MS', 1000);
  const offers = Math.round(positive('BENCH_OFFERS', shape.offers));
  const loadAverageAtStart = loadAverage();
  process.stdout.write(
    `\nMixed load on ${engine}: ${vus} virtual users, ${duration} s after ${warmup} s warm-up, think time ${thinkMs} ms on average, ` +
      `${offers} offers; load average ${loadAverageAtStart.join(' ')}\n`,
  );
  const started = Date.now();
  const server: ServerProcess = await startServers(serverEnv(engine, options.quick), false, true);
  progress(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const atRest = await server.readMemory();
    progress(
      `at rest: RSS ${mb(atRest.rssBytes)}, heap ${mb(atRest.heapUsedBytes)}${atRest.pglite ? `; PGlite worker ${pgliteText(atRest.pglite)}` : ''}`,
    );
    const base = server.appUrl;
    const listed = await listedOffers(base);
    const users: VirtualUser[] = [];
    for (let from = 1; from <= vus; from += SIGNIN_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(SIGNIN_CONCURRENCY, vus - from + 1) }, (_, i) => from + i);
      users.push(...(await Promise.all(batch.map(async (n) => ({ n, token: await signIn(base, n), tid: `vu${n}-${randomId()}` })))));
    }
    progress(`${users.length} users signed in, ${listed.slugs.length} offers to open`);

    progress('bare route, 20 connections, 5 s');
    const bare = await load({ url: server.bareUrl, connections: 20, durationSeconds: options.quick ? 2 : 5 });

    const recorder = new Recorder();
    let running = true;
    const think = () => (thinkMs > 0 ? sleep(thinkMs * (0.5 + Math.random())) : Promise.resolve());
    const loops = users.map(async (user) => {
      const next = chooser(isSponsor(user.n));
      // Arrivals spread over one think time, not all at once.
      await sleep(Math.random() * thinkMs);
      while (running) {
        await act(next(), user, base, listed, recorder);
        await think();
      }
    });
    progress(`warm-up ${warmup} s`);
    await sleep(warmup * 1000);
    server.startMemorySampling();
    server.resetLoopDelay();
    recorder.measuring = true;
    const measureStart = performance.now();
    progress(`measuring ${duration} s`);
    await sleep(duration * 1000);
    recorder.measuring = false;
    const measuredSeconds = (performance.now() - measureStart) / 1000;
    const [peak, loopDelay] = await Promise.all([server.readMemoryPeak(), server.readLoopDelay()]);
    running = false;
    await Promise.all(loops);
    const afterLoad = await server.readMemory();

    const operations: EngineResult['operations'] = {};
    const everything: number[] = [];
    for (const [operation, samples] of recorder.samples) {
      operations[operation] = { ...latencies(samples), errors: recorder.errors.get(operation) ?? 0 };
      everything.push(...samples);
    }
    const requests = everything.length;
    const errors = [...recorder.errors.values()].reduce((a, b) => a + b, 0);
    const requestsPerSecond = requests / measuredSeconds;
    return {
      engine,
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      virtualUsers: vus,
      sponsors: users.filter((u) => isSponsor(u.n)).length,
      durationSeconds: duration,
      warmupSeconds: warmup,
      thinkMs,
      offers,
      bare,
      requests,
      requestsPerSecond,
      shareOfBare: requestsPerSecond / bare.requestsPerSecond,
      all: latencies(everything),
      operations,
      errors,
      firstFailures: recorder.firstFailures,
      analytics: { eventsSent: recorder.eventsSent, eventsRecorded: recorder.eventsRecorded },
      memory: { atRest, peak, afterLoad },
      loopDelay,
    };
  } finally {
    await server.stop();
  }
}

function report(result: EngineResult, quick: boolean): { checks: Check[]; charts: Chart[] } {
  const e = result.engine;
  const p99Target = TARGETS.p99Ms * (quick ? QUICK.p99Factor : FULL.p99Factor);
  const rows = Object.entries(result.operations).map(([operation, r]) => [
    operation,
    String(r.count),
    ms(r.p50Ms),
    ms(r.p95Ms),
    ms(r.p99Ms),
    ms(r.maxMs),
    String(r.errors),
  ]);
  rows.push([
    'all',
    String(result.all.count),
    ms(result.all.p50Ms),
    ms(result.all.p95Ms),
    ms(result.all.p99Ms),
    ms(result.all.maxMs),
    String(result.errors),
  ]);
  const { atRest, peak, afterLoad } = result.memory;
  const pgliteLine = (label: string, m: PgliteMemory | null) => (m ? [[label, `${pgliteText(m)} (inside the process RSS)`]] : []);
  process.stdout.write(
    `\n${table(['operation', 'requests', 'p50', 'p95', 'p99', 'max', 'errors'], rows)}\n\n` +
      `${table(
        ['measure', 'value'],
        [
          [
            'throughput',
            `${result.requestsPerSecond.toFixed(0)} req/s, ${(result.shareOfBare * 100).toFixed(2)} % of bare (${result.bare.requestsPerSecond.toFixed(0)} req/s)`,
          ],
          ['analytics events', `${result.analytics.eventsSent} sent, ${result.analytics.eventsRecorded} recorded`],
          ['server loop delay', `p50 ${ms(result.loopDelay.p50Ms)}, p99 ${ms(result.loopDelay.p99Ms)}, max ${ms(result.loopDelay.maxMs)}`],
          ['RSS at rest', `${mb(atRest.rssBytes)} (heap ${mb(atRest.heapUsedBytes)}${atRest.afterGc ? ', after a full GC' : ''})`],
          ...pgliteLine('PGlite worker at rest', atRest.pglite),
          ['RSS peak under load', `${mb(peak.peakRssBytes)} (${peak.samples} samples, heap peak ${mb(peak.peakHeapUsedBytes)})`],
          ...pgliteLine('PGlite worker peak', peak.peakPglite),
          ['RSS after the load', `${mb(afterLoad.rssBytes)} after a full GC`],
          ['load average', `${result.loadAverageAtStart.join(' ')} at start, ${result.loadAverageAtEnd.join(' ')} at end`],
        ],
      )}\n`,
  );
  for (const failure of result.firstFailures) process.stdout.write(`  ${failure.operation}: ${failure.status} ${failure.body}\n`);

  const p99Check = e === 'postgres';
  const checks: Check[] = [
    { name: `mixed ${e}: errors`, measured: `${result.errors} of ${result.requests}`, target: '0', pass: result.errors === 0 },
    {
      name: `mixed ${e}: p99, all operations${p99Check ? '' : ' (reported)'}`,
      measured: ms(result.all.p99Ms),
      target: p99Check ? `≤ ${p99Target} ms` : '—',
      pass: !p99Check || result.all.p99Ms <= p99Target,
    },
    {
      name: `mixed ${e}: throughput (reported)`,
      measured: `${result.requestsPerSecond.toFixed(0)} req/s = ${(result.shareOfBare * 100).toFixed(2)} % of bare`,
      target: '—',
      pass: true,
    },
    {
      name: `memory ${e}: RSS at rest`,
      measured: mb(atRest.rssBytes),
      target: `≤ ${TARGETS.restRssMb} MB`,
      pass: atRest.rssBytes <= TARGETS.restRssMb * MB,
    },
    {
      name: `memory ${e}: RSS peak under the mixed load`,
      measured: mb(peak.peakRssBytes),
      target: `≤ ${TARGETS.peakRssMb} MB`,
      pass: peak.peakRssBytes <= TARGETS.peakRssMb * MB,
    },
  ];
  if (atRest.pglite && peak.peakPglite)
    checks.push({
      name: `memory ${e}: PGlite worker (reported)`,
      measured: `${mb(pgliteTotal(atRest.pglite))} at rest, ${mb(pgliteTotal(peak.peakPglite))} at peak`,
      target: '—',
      pass: true,
    });
  const charts: Chart[] = [
    {
      id: `mixed-${e}-p99`,
      title: `Mixed load on ${e}: p99 per operation (${result.virtualUsers} users)`,
      unit: 'ms',
      bars: [
        ...Object.entries(result.operations).map(([operation, r]) => ({ label: operation, value: r.p99Ms })),
        { label: 'all', value: result.all.p99Ms, ...(p99Check ? { target: p99Target, bound: 'max' as const } : {}) },
      ],
    },
    {
      id: `memory-${e}`,
      title: `API process memory on ${e}`,
      unit: 'MB',
      bars: [
        { label: 'RSS at rest', value: atRest.rssBytes / MB, target: TARGETS.restRssMb, bound: 'max' },
        { label: 'RSS peak', value: peak.peakRssBytes / MB, target: TARGETS.peakRssMb, bound: 'max' },
        ...(peak.peakPglite ? [{ label: 'PGlite worker peak', value: pgliteTotal(peak.peakPglite) / MB }] : []),
      ],
    },
  ];
  return { checks, charts };
}

/** PostgreSQL (the target) when BENCH_DATABASE_URL is set, then PGlite; --quick runs only the first. BENCH_ENGINES picks. */
function engines(quick: boolean): ('postgres' | 'pglite')[] {
  const asked = process.env.BENCH_ENGINES?.split(',').map((e) => e.trim());
  const all: ('postgres' | 'pglite')[] = process.env.BENCH_DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
  const chosen = asked ? all.filter((e) => asked.includes(e)) : all;
  return quick ? chosen.slice(0, 1) : chosen;
}

async function run(options: SectionOptions): Promise<SectionResult> {
  process.stdout.write(
    `Tessera mixed load and memory bench, Node ${process.version}, ${availableParallelism()} CPUs${options.quick ? ', quick' : ''}\n`,
  );
  const checks: Check[] = [];
  const charts: Chart[] = [];
  const results: EngineResult[] = [];
  for (const engine of engines(options.quick)) {
    const result = await runEngine(engine, options);
    const reported = report(result, options.quick);
    results.push(result);
    checks.push(...reported.checks);
    charts.push(...reported.charts);
    const pass = reported.checks.every((c) => c.pass);
    const resultsFile = await writeResultsFile(`mixed-${engine}.json`, { quick: options.quick, ...result, checks: reported.checks, pass });
    process.stdout.write(`results in ${resultsFile}\n`);
  }
  process.stdout.write(`\n${checkTable(checks)}\n\n`);
  return { name: 'mixed', pass: checks.every((c) => c.pass), checks, charts, results };
}

export const mixedSection: Section = {
  name: 'mixed',
  description: 'Mixed load (200 users, 60 s: browse, offer pages, sign-ins, profile and lead edits, analytics) and memory',
  run,
  // The first engine's server; a second one starts after the first is measured.
  prestart({ quick }) {
    const [first] = engines(quick);
    if (first) prestartServers(serverEnv(first, quick), false, true);
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const strict = process.argv.includes('--strict');
  run({ quick: process.argv.includes('--quick') })
    .then(({ pass }) => {
      process.stdout.write(`${pass ? 'All mixed-load and memory targets met' : 'Some mixed-load or memory targets missed'}\n`);
      if (strict && !pass) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      process.stderr.write(`mixed bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
