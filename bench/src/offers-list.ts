/**
 * Offers-list benchmark: 10,000 offers in the demo tenant (bulk-inserted in SQL by the server process), then page 1
 * of GET /api/v1/tenant/demo/offers with a search, as the demo owner. PostgreSQL by default (BENCH_DATABASE_URL, else
 * the local server). Prints p50/p95/p99 per scenario and PASS or FAIL for the target; writes results/offers-list.json.
 * BENCH_DURATION (seconds) and BENCH_OFFERS (row count) change the run; `--quick` runs 1 s on 1,000 offers with the
 * loose margins of options.ts. `npm run bench -- offers`.
 */

import { availableParallelism } from 'node:os';

import { load, type LoadResult } from './load.ts';
import { BENCH_GP_EMAIL, BENCH_GP_PASSWORD, OFFER_NAME_WORDS } from './offers-data.ts';
import { looseMs, positive, runLength } from './options.ts';
import { check, checkTable, ms, scenarioTable, writeResultsFile } from './report.ts';
import type { Section, SectionOptions, SectionResult } from './section.ts';
import { prestartServers, startServers } from './server-process.ts';
import { isMain, runStandalone } from './standalone.ts';

const DEFAULT_OFFERS = 10_000;
const QUICK_OFFERS = 1_000;
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_P95_MS = 50;
const STEADY_RATE = 25;
const SEARCH = OFFER_NAME_WORDS[2].toLowerCase();
const OWNER = { email: 'owner@demo.tessera.local', password: 'demo-owner-2026' };

async function expectOk(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const offerCount = (quick: boolean) => positive('BENCH_OFFERS', quick ? QUICK_OFFERS : DEFAULT_OFFERS);
const serverEnv = (offers: number) => ({
  BENCH_OFFERS: String(offers),
  BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL || LOCAL_POSTGRES,
});

async function runOffers({ quick }: SectionOptions): Promise<SectionResult> {
  const { duration, warmup } = runLength(quick, 10);
  const offers = offerCount(quick);
  const targetMs = looseMs(TARGET_P95_MS, quick);

  process.stdout.write(
    `Tessera offers-list bench: ${offers} offers, ${duration} s per run after ${warmup} s warm-up, Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  process.stdout.write('  starting the app on a fresh PostgreSQL database and inserting the offers\n');
  const started = Date.now();
  const server = await startServers(serverEnv(offers));
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
    // The GP is on the team of the institution holding the bench's offers; the owner also sees the demo catalogue's
    // matches in other institutions (Summit Ridge's), so the GP may see a few fewer, never none and never more.
    if (gpFound.meta.total === 0 || gpFound.meta.total > found.meta.total)
      throw new Error(`the GP sees ${gpFound.meta.total} matches, the owner ${found.meta.total}`);
    process.stdout.write(
      `  ${all.meta.total} offers in the tenant; search '${SEARCH}' matches ${found.meta.total} (${gpFound.meta.total} for the GP), page 1 holds ${found.data.length}\n`,
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
      check('search page 1 p95, one client', ms(single.p95Ms), `< ${targetMs} ms`, single.p95Ms < targetMs, single),
      check('search page 1 p95, one GP', ms(gp.p95Ms), `< ${targetMs} ms`, gp.p95Ms < targetMs, gp),
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
    const results = {
      offers,
      search: SEARCH,
      matches: found.meta.total,
      durationSeconds: duration,
      warmupSeconds: warmup,
      scenarios: { single, steady, saturated, plain, gp },
    };
    const resultsFile = await writeResultsFile('offers-list.json', { ...results, checks, pass: allPass });
    process.stdout.write(`${allPass ? 'All targets met' : 'Some targets missed'}; results in ${resultsFile}\n`);
    return {
      name: 'offers',
      pass: allPass,
      checks,
      charts: [
        {
          id: 'offers-search',
          title: `Raise offers list, search '${SEARCH}' on ${offers.toLocaleString('en-US')} offers (PostgreSQL): p95`,
          unit: 'ms',
          bars: [
            { label: 'owner, one client', value: single.p95Ms, target: targetMs, bound: 'max' },
            { label: 'GP (team EXISTS), one client', value: gp.p95Ms, target: targetMs, bound: 'max' },
            { label: `owner, ${STEADY_RATE} req/s on 5 connections`, value: steady.p95Ms },
            { label: 'owner, 20 connections', value: saturated.p95Ms },
            { label: 'no search, one client', value: plain.p95Ms },
          ],
        },
      ],
      results,
    };
  } finally {
    await server.stop();
  }
}

export const offersSection: Section = {
  name: 'offers',
  description: "Raise mode's offers table with a search on 10,000 offers (PostgreSQL): p95 of one client, owner and GP",
  run: runOffers,
  prestart: ({ quick }) => prestartServers(serverEnv(offerCount(quick))),
};

if (isMain(import.meta.url)) runStandalone(offersSection);
