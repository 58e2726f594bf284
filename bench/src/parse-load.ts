/**
 * PDF parsing under load (issue #21, finding 4): the real app (production settings, fresh PGlite, demo data) in a
 * child process; four people of the demo tenant each upload a PDF of a few kilobytes whose streams inflate to
 * BENCH_PDF_MB (default 8) of text, then parse it in a loop (POST document/{id}/parse, the worker pool's share of one
 * tenant: four at once), while GET health/live is measured at 50 req/s on 5 connections. The same health run first
 * with nothing else going on gives the baseline. Prints parses per second, their p50/p95, health/live's p50/p95/p99
 * idle and under parsing, the server's event-loop delay, and what one parse costs a thread when run on it (what the
 * event loop paid for each parse before the pool). Targets: health/live p99 under parsing < 200 ms and event-loop
 * delay p99 < 100 ms. Writes results/parse-load.json. BENCH_DURATION changes the length of each run; `--quick` runs
 * 1 s with a PDF of 1 MB of text and the loose margins of options.ts. `npm run bench -- parse`.
 */

import { availableParallelism } from 'node:os';

import { extractPdfText } from '../../apps/api/src/modules/documents/pdf-text.ts';
import { load, type LoadResult } from './load.ts';
import { textHeavyPdf } from '../../apps/api/test/pdf-samples.ts';
import { looseMs, positive, QUICK_SERVER_ENV, runLength } from './options.ts';
import { check, checkTable, ms, scenarioTable, table, writeResultsFile } from './report.ts';
import type { Section, SectionOptions, SectionResult } from './section.ts';
import { prestartServers, startServers } from './server-process.ts';
import { isMain, runStandalone } from './standalone.ts';

const PARSERS = 4;
const TARGETS = { healthP99Ms: 200, loopDelayP99Ms: 100 };

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN;

async function json(response: Response): Promise<{ data: Record<string, unknown> }> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** A new person of the demo tenant with a PDF uploaded: their token and the document's id. */
async function parserWithPdf(appUrl: string, pdf: Buffer, n: number): Promise<{ token: string; documentId: string }> {
  const signup = await json(
    await fetch(`${appUrl}/api/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `parse-bench-${n}-${Date.now().toString(36)}@example.com`,
        password: `orchard-${Math.random().toString(36).slice(2)}-lantern`,
        firstname: 'Parse',
        lastname: `Bench ${n}`,
        acceptDisclosures: true,
      }),
    }),
  );
  const token = signup.data.token as string;
  const form = new FormData();
  for (const [key, value] of Object.entries({ name: 'Distribution notices', type: 'INCOME_TAX', entityType: 'USER' }))
    form.append(key, value);
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'notices.pdf');
  const upload = await json(
    await fetch(`${appUrl}/api/v1/document`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }),
  );
  return { token, documentId: upload.data._id as string };
}

async function runParse({ quick }: SectionOptions): Promise<SectionResult> {
  const { duration } = runLength(quick, 10);
  const pdfMb = positive('BENCH_PDF_MB', quick ? 1 : 8);
  const targets = { healthP99Ms: looseMs(TARGETS.healthP99Ms, quick), loopDelayP99Ms: looseMs(TARGETS.loopDelayP99Ms, quick) };
  const pdf = textHeavyPdf(pdfMb);

  const onThread = performance.now();
  const characters = extractPdfText(pdf).length;
  const threadMs = performance.now() - onThread;
  process.stdout.write(
    `Tessera parse bench: a ${(pdf.length / 1024).toFixed(0)} KB PDF inflating to ${pdfMb} MB (${characters.toLocaleString('en-US')} characters of text, ${ms(threadMs)} on one thread), ${PARSERS} people parsing, ${duration} s per run, Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  const server = quick ? await startServers(QUICK_SERVER_ENV, true) : await startServers();
  try {
    const health = { url: `${server.appUrl}/api/v1/health/live`, connections: 5, durationSeconds: duration, overallRate: 50 };
    process.stdout.write('  health/live alone\n');
    await load({ ...health, durationSeconds: Math.min(3, duration) });
    server.resetLoopDelay();
    const idle = await load(health);
    const idleDelay = await server.readLoopDelay();

    const parsers = await Promise.all(Array.from({ length: PARSERS }, (_, i) => parserWithPdf(server.appUrl, pdf, i)));
    process.stdout.write(`  health/live while ${PARSERS} people parse\n`);
    const parseTimes: number[] = [];
    let refused = 0;
    let parsing = true;
    const parseStart = performance.now();
    const loops = parsers.map(async ({ token, documentId }) => {
      while (parsing) {
        const sent = performance.now();
        const res = await fetch(`${server.appUrl}/api/v1/document/${documentId}/parse`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (res.ok) parseTimes.push(performance.now() - sent);
        else refused++;
      }
    });
    // The pool is busy before the health run starts.
    await new Promise((r) => setTimeout(r, 1000));
    server.resetLoopDelay();
    const busy = await load(health);
    const busyDelay = await server.readLoopDelay();
    parsing = false;
    // Each loop finishes the parse it has under way: every parse counted took its whole time.
    await Promise.all(loops);
    const parsesPerSecond = parseTimes.length / ((performance.now() - parseStart) / 1000);

    const sorted = [...parseTimes].sort((a, b) => a - b);
    const checks = [
      check('health/live p99 while parsing', ms(busy.p99Ms), `< ${targets.healthP99Ms} ms`, busy.p99Ms < targets.healthP99Ms, busy),
      check(
        'event-loop delay p99 while parsing',
        ms(busyDelay.p99Ms),
        `< ${targets.loopDelayP99Ms} ms`,
        busyDelay.p99Ms < targets.loopDelayP99Ms,
      ),
      check('parses refused or failed', String(refused), '0', refused === 0),
    ];
    process.stdout.write(
      `\n${scenarioTable([
        { name: 'health/live alone', result: idle },
        { name: `health/live, ${PARSERS} parsing`, result: busy },
      ])}\n\n${table(
        ['parsing', 'parses', 'per s', 'p50', 'p95', 'loop delay p99 idle', 'loop delay p99 parsing'],
        [
          [
            `${PARSERS} people`,
            String(parseTimes.length),
            parsesPerSecond.toFixed(2),
            ms(percentile(sorted, 50)),
            ms(percentile(sorted, 95)),
            ms(idleDelay.p99Ms),
            ms(busyDelay.p99Ms),
          ],
        ],
      )}\n\n${checkTable(checks)}\n\n`,
    );
    const allPass = checks.every((c) => c.pass);
    const results: { health: Record<string, LoadResult>; [key: string]: unknown } = {
      pdf: { bytes: pdf.length, inflatedMb: pdfMb, characters, oneThreadMs: threadMs },
      durationSeconds: duration,
      health: { idle, busy },
      loopDelay: { idle: idleDelay, busy: busyDelay },
      parses: {
        count: parseTimes.length,
        perSecond: parsesPerSecond,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        refused,
      },
    };
    const resultsFile = await writeResultsFile('parse-load.json', { ...results, checks, pass: allPass });
    process.stdout.write(`${allPass ? 'All targets met' : 'Some targets missed'}; results in ${resultsFile}\n`);
    return {
      name: 'parse',
      pass: allPass,
      checks,
      charts: [
        {
          id: 'parse-health',
          title: `health/live while ${PARSERS} people parse a ${pdfMb} MB PDF`,
          unit: 'ms',
          bars: [
            { label: 'health/live p99, alone', value: idle.p99Ms },
            { label: 'health/live p99, parsing', value: busy.p99Ms, target: targets.healthP99Ms, bound: 'max' },
            { label: 'event-loop delay p99, parsing', value: busyDelay.p99Ms, target: targets.loopDelayP99Ms, bound: 'max' },
          ],
        },
      ],
      results,
    };
  } finally {
    await server.stop();
  }
}

export const parseSection: Section = {
  name: 'parse',
  description: 'PDF parsing in the worker pool: health/live p99 and event-loop delay while four people parse',
  run: runParse,
  prestart: ({ quick }) => (quick ? prestartServers(QUICK_SERVER_ENV, true) : prestartServers()),
};

if (isMain(import.meta.url)) runStandalone(parseSection);
