/**
 * Marketplace list benchmark: 10,000 offers in the demo tenant (70 % listed, 1–3 classes each, over 20 institutions;
 * bulk-inserted in SQL by the server process), then GET /api/v1/tenant/demo/marketplace/offers signed out: unfiltered,
 * with asset class and IRR filters, with every filter, and page 5. PGlite by default; PostgreSQL with BENCH_DATABASE_URL.
 * Prints p50/p95/p99 per scenario and PASS or FAIL for the target (p95 < 50 ms on PostgreSQL, < 100 ms on PGlite);
 * then issue #25's: the list at 20 connections signed out (the public cache) and signed in, as a share of the bare
 * route measured in the same run (≥ 25 % and p99 ≤ 50 ms signed out, ≥ 10 % and p99 ≤ 100 ms signed in, on
 * PostgreSQL; ≥ 10 % and p99 ≤ 100 ms signed out on PGlite);
 * writes results/marketplace-list-<engine>.json. BENCH_DURATION (seconds) and BENCH_OFFERS (row count) change the run;
 * `--quick` runs 1 s on 1,000 offers with the loose margins of options.ts. `npm run bench -- marketplace`.
 */

import { availableParallelism } from 'node:os';

import { load, type LoadResult } from './load.ts';
import { looseMs, looseShare, positive, QUICK_MARKETPLACE_OFFERS, runLength } from './options.ts';
import { check, checkTable, ms, scenarioTable, writeResultsFile } from './report.ts';
import type { Section, SectionOptions, SectionResult } from './section.ts';
import { prestartServers, startServers } from './server-process.ts';
import { isMain, runStandalone } from './standalone.ts';

const DEFAULT_OFFERS = 10_000;

async function expectOk(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

const offerCount = (quick: boolean) => positive('BENCH_OFFERS', quick ? QUICK_MARKETPLACE_OFFERS : DEFAULT_OFFERS);
const serverEnv = (offers: number) => ({ BENCH_OFFERS: String(offers), BENCH_DATA: 'marketplace' });

async function runMarketplace({ quick }: SectionOptions): Promise<SectionResult> {
  const { duration, warmup } = runLength(quick, 10);
  const offers = offerCount(quick);
  const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const target = looseMs(engine === 'postgres' ? 50 : 100, quick);

  process.stdout.write(
    `Tessera marketplace bench on ${engine}: ${offers} offers, ${duration} s per run after ${warmup} s warm-up, Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  const started = Date.now();
  const server = await startServers(serverEnv(offers), quick);
  process.stdout.write(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  try {
    const base = `${server.appUrl}/api/v1/tenant/demo/marketplace`;
    const institutions = (await expectOk(`${base}/institutions?limit=100`)) as { data: { _id: string }[] };
    // Half the institutions, so the filter keeps some offers and drops others.
    const some = institutions.data
      .filter((_, i) => i % 2 === 0)
      .map((i) => i._id)
      .join(',');
    const urls = {
      plain: `${base}/offers?page=1&limit=20`,
      assetIrr: `${base}/offers?assetClass=multi-family,industrial&irrMin=8&irrMax=16`,
      all:
        `${base}/offers?search=canyon&institution=${some}&type=value-add,debt-investment,joint-venture&assetClass=multi-family,industrial,retail,office-spaces` +
        '&status=open,upcoming&investmentMin=10000&investmentMax=90000&irrMin=6&irrMax=20&equityMultipleMin=1.3&equityMultipleMax=2.1&sort=targetIrr',
      page5: `${base}/offers?page=5&limit=20`,
    };
    for (const [name, url] of Object.entries(urls)) {
      const found = (await expectOk(url)) as { data: unknown[]; meta: { total: number } };
      process.stdout.write(`  ${name}: ${found.meta.total} matches, the page holds ${found.data.length}\n`);
    }

    const measure = async (name: string, url: string): Promise<LoadResult> => {
      process.stdout.write(`  ${name}: warm-up ${warmup} s, then ${duration} s\n`);
      await load({ url, connections: 1, durationSeconds: warmup });
      return load({ url, connections: 1, durationSeconds: duration });
    };
    const plain = await measure('unfiltered', urls.plain);
    const assetIrr = await measure('asset class + IRR', urls.assetIrr);
    const all = await measure('all filters', urls.all);
    const page5 = await measure('page 5', urls.page5);

    // Issue #25's targets: 20 connections on the list, signed out and signed in (a bearer token: the same answer, from
    // the same cache), each against the bare route measured in the same run.
    const signin = await fetch(`${server.appUrl}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'investor@demo.tessera.local', password: 'demo-investor-2026' }),
    });
    if (!signin.ok) throw new Error(`sign-in answered ${signin.status}: ${await signin.text()}`);
    const { data: session } = (await signin.json()) as { data: { token: string } };
    const at20 = async (name: string, url: string, headers?: Record<string, string>) => {
      process.stdout.write(`  ${name}, 20 connections: warm-up ${warmup} s, then ${duration} s\n`);
      await load({ url, connections: 20, durationSeconds: warmup, ...(headers ? { headers } : {}) });
      return load({ url, connections: 20, durationSeconds: duration, ...(headers ? { headers } : {}) });
    };
    const bare20 = await at20('bare route', server.bareUrl);
    const public20 = await at20('signed-out list', urls.plain);
    const member20 = await at20('signed-in list', urls.plain, { authorization: `Bearer ${session.token}` });
    const ratio = (r: LoadResult) => r.requestsPerSecond / bare20.requestsPerSecond;
    const pct = (r: LoadResult) =>
      `${(ratio(r) * 100).toFixed(1)} % of bare (${r.requestsPerSecond.toFixed(0)} vs ${bare20.requestsPerSecond.toFixed(0)} req/s), p99 ${ms(r.p99Ms)}`;
    const fullPublic = engine === 'postgres' ? { share: 0.25, p99: 50 } : { share: 0.1, p99: 100 };
    const publicTarget = { share: looseShare(fullPublic.share, quick), p99: looseMs(fullPublic.p99, quick) };
    const memberTarget = { share: looseShare(0.1, quick), p99: looseMs(100, quick) };
    const loadChecks = [
      check(
        'signed-out list, 20 connections',
        pct(public20),
        `≥ ${(publicTarget.share * 100).toFixed(1)} % of bare, p99 ≤ ${publicTarget.p99} ms`,
        ratio(public20) >= publicTarget.share && public20.p99Ms <= publicTarget.p99,
        public20,
      ),
      ...(engine === 'postgres'
        ? [
            check(
              'signed-in list, 20 connections',
              pct(member20),
              `≥ ${(memberTarget.share * 100).toFixed(1)} % of bare, p99 ≤ ${memberTarget.p99} ms`,
              ratio(member20) >= memberTarget.share && member20.p99Ms <= memberTarget.p99,
              member20,
            ),
          ]
        : [check('signed-in list, 20 connections (reported)', pct(member20), '—', true, member20)]),
    ];

    const scenarios = { plain, assetIrr, all, page5 };
    const names: Record<keyof typeof scenarios, string> = {
      plain: 'GET marketplace/offers page 1',
      assetIrr: 'assetClass + irrMin/irrMax',
      all: 'every filter, sort=targetIrr',
      page5: 'page 5 (newest)',
    };
    const checks = [
      ...(Object.keys(scenarios) as (keyof typeof scenarios)[]).map((key) =>
        check(`${names[key]} p95, one client`, ms(scenarios[key].p95Ms), `< ${target} ms`, scenarios[key].p95Ms < target, scenarios[key]),
      ),
      ...loadChecks,
    ];
    process.stdout.write(
      `\n${scenarioTable((Object.keys(scenarios) as (keyof typeof scenarios)[]).map((key) => ({ name: names[key], result: scenarios[key] })))}\n\n${checkTable(checks)}\n\n`,
    );

    const allPass = checks.every((c) => c.pass);
    const results = {
      engine,
      offers,
      durationSeconds: duration,
      warmupSeconds: warmup,
      urls,
      scenarios,
      twentyConnections: { bare: bare20, signedOut: public20, signedIn: member20 },
    };
    const resultsFile = await writeResultsFile(`marketplace-list-${engine}.json`, { ...results, checks, pass: allPass });
    process.stdout.write(`${allPass ? 'All targets met' : 'Some targets missed'}; results in ${resultsFile}\n`);
    const keys = Object.keys(scenarios) as (keyof typeof scenarios)[];
    return {
      name: 'marketplace',
      pass: allPass,
      checks,
      charts: [
        {
          id: 'marketplace-one-client',
          title: `Marketplace list, one client, ${offers.toLocaleString('en-US')} offers (${engine}): p95`,
          unit: 'ms',
          bars: keys.map((key) => ({ label: names[key], value: scenarios[key].p95Ms, target, bound: 'max' as const })),
        },
        {
          id: 'marketplace-share',
          title: `Marketplace list at 20 connections (${engine}): share of the bare route`,
          unit: '% of bare',
          bars: [
            { label: 'signed out (public cache)', value: ratio(public20) * 100, target: publicTarget.share * 100, bound: 'min' },
            {
              label: 'signed in',
              value: ratio(member20) * 100,
              ...(engine === 'postgres' ? { target: memberTarget.share * 100, bound: 'min' as const } : {}),
            },
          ],
        },
        {
          id: 'marketplace-p99',
          title: `Marketplace list at 20 connections (${engine}): p99`,
          unit: 'ms',
          bars: [
            { label: 'signed out (public cache)', value: public20.p99Ms, target: publicTarget.p99, bound: 'max' },
            {
              label: 'signed in',
              value: member20.p99Ms,
              ...(engine === 'postgres' ? { target: memberTarget.p99, bound: 'max' as const } : {}),
            },
          ],
        },
      ],
      results,
    };
  } finally {
    await server.stop();
  }
}

export const marketplaceSection: Section = {
  name: 'marketplace',
  description: 'public marketplace list on 10,000 offers: one-client p95 per filter, 20 connections signed out and in vs bare',
  run: runMarketplace,
  prestart: ({ quick }) => prestartServers(serverEnv(offerCount(quick)), quick),
};

if (isMain(import.meta.url)) runStandalone(marketplaceSection);
