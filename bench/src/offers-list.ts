/**
 * Offers-list benchmark: 10,000 offers in the demo tenant (bulk-inserted in SQL by the server process), then page 1
 * of GET /api/v1/tenant/demo/offers with a search, as the demo owner. PostgreSQL by default (BENCH_DATABASE_URL, else
 * the local server). Prints p50/p95/p99 per scenario and PASS or FAIL for the target; writes results/offers-list.json.
 * BENCH_DURATION (seconds) and BENCH_OFFERS (row count) change the run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { load, type LoadResult } from './load.ts';
import { BENCH_GP_EMAIL, BENCH_GP_PASSWORD, OFFER_NAME_WORDS } from './offers-data.ts';
import { check, checkTable, ms, scenarioTable } from './report.ts';
import { startServers } from './server-process.ts';

const DEFAULT_DURATION_SECONDS = 10;
const DEFAULT_OFFERS = 10_000;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_P95_MS = 50;
const STEADY_RATE = 25;
const SEARCH = OFFER_NAME_WORDS[2].toLowerCase();
const OWNER = { email: 'owner@demo.tessera.local', password: 'demo-owner-2026' };

function positive(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

async function expectOk(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const duration = positive('BENCH_DURATION', DEFAULT_DURATION_SECONDS);
  const warmup = Math.min(3, Math.max(1, Math.round(duration / 5)));
  const offers = positive('BENCH_OFFERS', DEFAULT_OFFERS);
  process.env.BENCH_OFFERS = String(offers);
  process.env.BENCH_DATABASE_URL ||= LOCAL_POSTGRES;

  process.stdout.write(
    `Tessera offers-list bench: ${offers} offers, ${duration} s per run after ${warmup} s warm-up, Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  process.stdout.write('  starting the app on a fresh PostgreSQL database and inserting the offers\n');
  const started = Date.now();
  const server = await startServers();
  process.stdout.write(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  try {
    const signIn = async (account: { email: string; password: string }) => {
      const signedIn = (await expectOk(`${server.appUrl}/api/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(account),
      })) as { data: { token: string } };
      return { authorization: `Bearer ${signedIn.data.token}` };
    };
    const headers = await signIn(OWNER);
    const gpHeaders = await signIn({ email: BENCH_GP_EMAIL, password: BENCH_GP_PASSWORD });
    const url = `${server.appUrl}/api/v1/tenant/demo/offers?search=${SEARCH}&page=1&limit=20`;
    const plainUrl = `${server.appUrl}/api/v1/tenant/demo/offers?page=1&limit=20`;
    const all = (await expectOk(`${server.appUrl}/api/v1/tenant/demo/offers?limit=1`, { headers })) as { meta: { total: number } };
    const found = (await expectOk(url, { headers })) as { data: unknown[]; meta: { total: number } };
    if (all.meta.total < offers) throw new Error(`expected at least ${offers} offers, the list says ${all.meta.total}`);
    const gpFound = (await expectOk(url, { headers: gpHeaders })) as { meta: { total: number } };
    if (gpFound.meta.total !== found.meta.total)
      throw new Error(`the GP sees ${gpFound.meta.total} matches, the owner ${found.meta.total}`);
    process.stdout.write(
      `  ${all.meta.total} offers in the tenant; search '${SEARCH}' matches ${found.meta.total}, page 1 holds ${found.data.length}\n`,
    );

    const measure = async (name: string, options: Parameters<typeof load>[0]): Promise<LoadResult> => {
      process.stdout.write(`  ${name}: warm-up ${warmup} s, then ${duration} s\n`);
      await load({ ...options, durationSeconds: warmup });
      return load(options);
    };
    // The target is one client's latency; the loaded runs show how it degrades as clients share the CPUs.
    const single = await measure('1 connection', { url, headers, connections: 1, durationSeconds: duration });
    const gp = await measure('1 connection as a GP', { url, headers: gpHeaders, connections: 1, durationSeconds: duration });
    const steady = await measure(`5 connections at ${STEADY_RATE} req/s`, {
      url,
      headers,
      connections: 5,
      durationSeconds: duration,
      overallRate: STEADY_RATE,
    });
    const saturated = await measure('20 connections, as fast as it answers', { url, headers, connections: 20, durationSeconds: duration });
    const plain = await measure('1 connection, no search', { url: plainUrl, headers, connections: 1, durationSeconds: duration });

    const checks = [
      check('search page 1 p95, one client', ms(single.p95Ms), `< ${TARGET_P95_MS} ms`, single.p95Ms < TARGET_P95_MS, single),
      check('search page 1 p95, one GP', ms(gp.p95Ms), `< ${TARGET_P95_MS} ms`, gp.p95Ms < TARGET_P95_MS, gp),
    ];
    const path = `GET offers?search=${SEARCH} page 1`;
    process.stdout.write(
      `\n${scenarioTable([
        { name: `${path}, 1 client`, result: single },
        { name: `${path}, ${STEADY_RATE} req/s`, result: steady },
        { name: `${path}, saturated`, result: saturated },
        { name: 'GET offers page 1 (no search), 1 client', result: plain },
        { name: `${path}, 1 GP (team EXISTS)`, result: gp },
      ])}\n\n${checkTable(checks)}\n\n`,
    );

    const allPass = checks.every((c) => c.pass);
    const resultsFile = fileURLToPath(new URL('../results/offers-list.json', import.meta.url));
    await mkdir(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
    await writeFile(
      resultsFile,
      `${JSON.stringify(
        {
          finishedAt: new Date().toISOString(),
          environment: { node: process.version, cpus: availableParallelism() },
          offers,
          search: SEARCH,
          matches: found.meta.total,
          durationSeconds: duration,
          warmupSeconds: warmup,
          scenarios: { single, steady, saturated, plain, gp },
          checks,
          pass: allPass,
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(`${allPass ? 'All targets met' : 'Some targets missed'}; results in ${resultsFile}\n`);
    if (strict && !allPass) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
