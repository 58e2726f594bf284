/**
 * Scale data set (issue #25): the server (servers.ts, BENCH_DATA=scale) seeds a fresh PostgreSQL database with 100
 * tenants, 10,000 offers, 100,000 users, 1,000,000 timeline events and 5,000,000 analytics events (scale-data.ts; half
 * of each in the demo tenant, which is measured) and prints the time per table. Then every list GET of the OpenAPI
 * document (operationId list…) whose path parameters it can fill is called for its first page, one client, as the role
 * that sees the most: signed out for the marketplace, the platform admin for /admin, the tenant's owner otherwise.
 * Target: p95 ≤ 50 ms each. PostgreSQL only (BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): PGlite
 * takes too long to seed 5,000,000 rows. --quick: 1/100 of the data and fewer calls, p95 ≤ 100 ms.
 * BENCH_SCALE_DATABASE_URL: measure a database `npm run seed:scale` filled instead (migrated, not seeded, kept; the
 * data line then shows the counts of BENCH_SCALE_FACTOR, not the database's). Writes results/scale-postgres.json.
 */
import { createHash } from 'node:crypto';

import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { checkTable, ms, table, type Check, writeResultsFile } from './report.ts';
import { SCALE_ADMIN, scaleCounts } from './scale-data.ts';
import type { Chart, Section, SectionOptions, SectionResult } from './section.ts';
import { prestartServers, startServers } from './server-process.ts';

const TARGET_P95_MS = 50;
const QUICK_FACTOR = 2;
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const OWNER = { email: 'owner@demo.tessera.local', password: 'demo-owner-2026' };
const md5Id = (text: string) => createHash('md5').update(text).digest('hex').slice(0, 24);
const loadAverage = () => loadavg().map((l) => Number(l.toFixed(2)));
const progress = (text: string) => process.stdout.write(`  ${text}\n`);
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;

interface Operation {
  operationId: string;
  path: string;
}

interface Measured {
  operationId: string;
  url: string;
  as: string;
  total: number | null;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

async function signIn(
  base: string,
  account: { email: string; password: string },
): Promise<{ token: string; userId: string; memberId: string | null }> {
  const response = await fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`sign-in of ${account.email} answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; user: { _id: string }; tenantMember: { _id: string } | null } };
  return { token: data.token, userId: data.user._id, memberId: data.tenantMember?._id ?? null };
}

/** The list GETs of the OpenAPI document: operationId list…, no file downloads. */
async function listOperations(base: string): Promise<Operation[]> {
  const response = await fetch(`${base}/api/v1/openapi.json`);
  if (!response.ok) throw new Error(`openapi.json answered ${response.status}`);
  const document = (await response.json()) as { paths: Record<string, { get?: { operationId?: string } }> };
  return Object.entries(document.paths)
    .filter(([, item]) => item.get?.operationId?.startsWith('list'))
    .map(([path, item]) => ({ operationId: item.get!.operationId!, path }));
}

const scaleFactor = (quick: boolean) => (quick ? 0.01 : Number(process.env.BENCH_SCALE_FACTOR ?? 1));
const serverEnv = (factor: number) => ({
  BENCH_DATA: 'scale',
  BENCH_SCALE_FACTOR: String(factor),
  BENCH_OFFERS: undefined,
  BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL,
});

async function run(options: SectionOptions): Promise<SectionResult> {
  const factor = scaleFactor(options.quick);
  const calls = options.quick ? 20 : 100;
  const target = options.quick ? TARGET_P95_MS * QUICK_FACTOR : TARGET_P95_MS;
  const counts = scaleCounts(factor);
  const loadAverageAtStart = loadAverage();
  process.stdout.write(
    `Tessera scale bench on PostgreSQL (PGlite skipped: too slow to seed 5,000,000 rows), Node ${process.version}, ${availableParallelism()} CPUs${options.quick ? ', quick' : ''}\n` +
      `  data: ${counts.tenants} tenants, ${counts.offers} offers, ${counts.users} users, ${counts.timelineEvents} timeline events, ${counts.analyticsEvents} analytics events; load average ${loadAverageAtStart.join(' ')}\n`,
  );
  const started = performance.now();
  const server = await startServers(serverEnv(factor));
  const seedSeconds = (performance.now() - started) / 1000;
  progress(
    `server ready with the data set in ${seedSeconds.toFixed(1)} s${process.env.BENCH_SCALE_DATABASE_URL ? ' (BENCH_SCALE_DATABASE_URL, not seeded)' : ''}`,
  );
  try {
    const base = server.appUrl;
    const owner = await signIn(base, OWNER);
    const admin = await signIn(base, SCALE_ADMIN);
    const tenantResponse = await fetch(`${base}/api/v1/tenant/demo/public`);
    const tenantId = ((await tenantResponse.json()) as { data: { _id: string } }).data._id;
    // The measured tenant is k = 1 of scale-data.ts: a listed offer (n = 3), its institution (1 + n % 20), whose
    // listed offers and leads are n = 3, 23, 43…, a member, a lead of that institution.
    const ids: Record<string, string> = {
      offers: md5Id('scale-offer-1-3'),
      institutions: md5Id('scale-institution-1-4'),
      members: md5Id('scale-member-1-1'),
      leads: md5Id('scale-lead-1-3'),
      user: owner.userId,
    };
    const fill = (op: Operation): { url: string; as: 'signed out' | 'owner' | 'platform admin' } | string => {
      let missing = '';
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string, offset: number) => {
        if (name === 't') return 'demo';
        if (name === 'tenantId') return tenantId;
        if (name === 'tenantMemberId' && owner.memberId) return owner.memberId;
        if (name === 'id') {
          const before = op.path.slice(0, offset).split('/').filter(Boolean).pop() ?? '';
          const id = ids[before];
          if (id) return id;
        }
        missing ||= name;
        return '';
      });
      if (missing) return `no ${missing} to fill in`;
      const query = new URLSearchParams({ page: '1', limit: '20' });
      if (op.operationId === 'listLeads') query.set('institution', ids.institutions!);
      const as = path.includes('/marketplace/')
        ? 'signed out'
        : /^(\/api\/v1)?\/admin\//.test(path) || /Admin|Platform/.test(op.operationId)
          ? 'platform admin'
          : 'owner';
      return { url: `${base}${path.startsWith('/api/v1') ? '' : '/api/v1'}${path}?${query}`, as };
    };
    const tokens = { 'signed out': undefined, owner: owner.token, 'platform admin': admin.token };

    const operations = await listOperations(base);
    const measured: Measured[] = [];
    const skipped: { operationId: string; path: string; why: string }[] = [];
    for (const op of operations) {
      const filled = fill(op);
      if (typeof filled === 'string') {
        skipped.push({ ...op, why: filled });
        continue;
      }
      const token = tokens[filled.as];
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      let first = await fetch(filled.url, { headers });
      let body = await first.text();
      // A list that is not paged (say, the workflow templates) refuses page and limit: its whole answer then.
      if (first.status === 400 && body.includes('unknown parameter')) {
        filled.url = filled.url.replace(/\?.*$/, '');
        first = await fetch(filled.url, { headers });
        body = await first.text();
      }
      if (first.status !== 200) {
        skipped.push({ ...op, why: `${first.status} as ${filled.as}: ${body.slice(0, 120)}` });
        continue;
      }
      const total = (JSON.parse(body) as { meta?: { total?: number } }).meta?.total ?? null;
      const samples: number[] = [];
      for (let i = 0; i < calls + 5; i++) {
        const at = performance.now();
        const response = await fetch(filled.url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${filled.url} answered ${response.status} on call ${i + 1}`);
        if (i >= 5) samples.push(performance.now() - at);
      }
      samples.sort((a, b) => a - b);
      measured.push({
        operationId: op.operationId,
        url: filled.url.slice(base.length),
        as: filled.as,
        total,
        p50Ms: percentile(samples, 50),
        p95Ms: percentile(samples, 95),
        p99Ms: percentile(samples, 99),
      });
      progress(`${op.operationId}: p95 ${ms(percentile(samples, 95))}`);
    }
    const loadAverageAtEnd = loadAverage();

    process.stdout.write(
      `\n${table(
        ['table', 'rows', 'seconds'],
        server.seeded.map((t) => [t.table, t.rows.toLocaleString('en-US'), t.seconds.toFixed(1)]),
      )}\n\n${table(
        ['list (first page, one client)', 'as', 'total', 'p50', 'p95', 'p99'],
        measured.map((m) => [
          m.operationId,
          m.as,
          m.total === null ? '—' : m.total.toLocaleString('en-US'),
          ms(m.p50Ms),
          ms(m.p95Ms),
          ms(m.p99Ms),
        ]),
      )}\n\nnot measured:\n${skipped.map((s) => `  ${s.operationId} ${s.path}: ${s.why}`).join('\n')}\n` +
        `load average ${loadAverageAtStart.join(' ')} at start, ${loadAverageAtEnd.join(' ')} at end\n`,
    );
    const checks: Check[] = measured.map((m) => ({
      name: `scale: ${m.operationId} p95`,
      measured: ms(m.p95Ms),
      target: `≤ ${target} ms`,
      pass: m.p95Ms <= target,
    }));
    process.stdout.write(`\n${checkTable(checks)}\n\n`);
    const pass = checks.every((c) => c.pass);
    const charts: Chart[] = [
      {
        id: 'scale-lists-p95',
        title: 'Scale data set: list first pages, p95, one client',
        unit: 'ms',
        bars: measured.map((m) => ({ label: m.operationId, value: m.p95Ms, target, bound: 'max' as const })),
      },
      {
        id: 'scale-seed-seconds',
        title: 'Scale data set: seconds to seed each table',
        unit: 's',
        bars: server.seeded.map((t) => ({ label: t.table, value: t.seconds })),
      },
    ];
    const results = {
      finishedAt: new Date().toISOString(),
      environment: { node: process.version, cpus: availableParallelism() },
      quick: options.quick,
      loadAverageAtStart,
      loadAverageAtEnd,
      counts,
      seeded: server.seeded,
      serverReadySeconds: seedSeconds,
      callsPerList: calls,
      measured,
      skipped,
      checks,
      pass,
    };
    const resultsFile = await writeResultsFile('scale-postgres.json', results);
    process.stdout.write(`results in ${resultsFile}\n`);
    return { name: 'scale', pass, checks, charts, results };
  } finally {
    await server.stop();
  }
}

export const scaleSection: Section = {
  name: 'scale',
  description: 'Scale data set (100 tenants … 5,000,000 analytics events, PostgreSQL): every list first page, p95 ≤ 50 ms',
  run,
  prestart: ({ quick }) => prestartServers(serverEnv(scaleFactor(quick))),
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const strict = process.argv.includes('--strict');
  run({ quick: process.argv.includes('--quick') })
    .then(({ pass }) => {
      process.stdout.write(`${pass ? 'All scale targets met' : 'Some scale targets missed'}\n`);
      if (strict && !pass) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      process.stderr.write(`scale bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
