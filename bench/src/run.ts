/**
 * Load benchmark of the API against a bare Fastify baseline. Prints a table and PASS/FAIL per target,
 * writes results/latest.json; then the browser bench (lighthouse.ts) and the advisor bench (advisor.ts). Exits 0 unless
 * --strict is given and a target of any fails. BENCH_DURATION (seconds) shortens or lengthens every measured run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runAdvisorBench } from './advisor.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { load, type LoadResult } from './load.ts';
import { check, checkTable, ms, scenarioTable } from './report.ts';
import { startServers } from './server-process.ts';

const DEFAULT_DURATION_SECONDS = 10;
const THROUGHPUT_CONNECTIONS = 50;
const SIGNIN_CONNECTIONS = 20;
const HEALTH_CONNECTIONS = 5;
/** Low enough that the probe itself adds no load worth mentioning. */
const HEALTH_RATE_PER_SECOND = 50;

const TARGETS = { liveToBareRatio: 0.5, signinP95Ms: 500, healthP99Ms: 50 };
const SIGNIN_BODY = JSON.stringify({ email: 'investor@demo.tessera.local', password: 'demo-investor-2026' });
const JSON_HEADERS = { 'content-type': 'application/json' };

function durationSeconds(): number {
  const raw = process.env.BENCH_DURATION?.trim();
  if (!raw) return DEFAULT_DURATION_SECONDS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`BENCH_DURATION must be a positive number of seconds, got '${raw}'`);
  return seconds;
}

function progress(text: string): void {
  process.stdout.write(`  ${text}\n`);
}

/** Fails fast when a route does not answer 200, so the bench never reports the speed of a 404. */
async function expectOk(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The load section; true when every target is met. */
async function loadBench(): Promise<boolean> {
  const duration = durationSeconds();
  const warmup = Math.min(3, Math.max(1, Math.round(duration / 5)));

  process.stdout.write(
    `Tessera API bench: ${duration} s per run after ${warmup} s warm-up, Node ${process.version}, ${availableParallelism()} CPUs\n`,
  );
  progress(
    `starting the app (fresh ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} database) and the bare baseline in a child process`,
  );
  const server = await startServers();

  try {
    const bareUrl = server.bareUrl;
    const liveUrl = `${server.appUrl}/api/v1/health/live`;
    const healthUrl = `${server.appUrl}/api/v1/health`;
    const signin = { url: `${server.appUrl}/api/v1/auth/signin`, method: 'POST' as const, headers: JSON_HEADERS, body: SIGNIN_BODY };

    await Promise.all([expectOk(bareUrl), expectOk(liveUrl), expectOk(healthUrl)]);
    const signedIn = (await expectOk(signin.url, signin)) as { data?: { token?: unknown } };
    if (typeof signedIn.data?.token !== 'string') throw new Error('sign-in answered 200 without a token');

    const measure = async (name: string, options: Parameters<typeof load>[0]): Promise<LoadResult> => {
      progress(`${name}: warm-up ${warmup} s, then ${duration} s`);
      await load({ ...options, durationSeconds: warmup });
      return load(options);
    };

    const bare = await measure('bare GET /', { url: bareUrl, connections: THROUGHPUT_CONNECTIONS, durationSeconds: duration });
    const live = await measure('GET /api/v1/health/live', { url: liveUrl, connections: THROUGHPUT_CONNECTIONS, durationSeconds: duration });

    progress(`sign-in: warm-up ${warmup} s, then ${duration} s with GET /api/v1/health probed alongside`);
    await load({ ...signin, connections: SIGNIN_CONNECTIONS, durationSeconds: warmup });
    server.resetLoopDelay();
    const [signins, health] = await Promise.all([
      load({ ...signin, connections: SIGNIN_CONNECTIONS, durationSeconds: duration }),
      load({ url: healthUrl, connections: HEALTH_CONNECTIONS, durationSeconds: duration, overallRate: HEALTH_RATE_PER_SECOND }),
    ]);
    const loopDelay = await server.readLoopDelay();

    const ratio = live.requestsPerSecond / bare.requestsPerSecond;
    const checks = [
      check(
        'health/live req/s ÷ bare req/s',
        `${ratio.toFixed(2)}x`,
        `>= ${TARGETS.liveToBareRatio.toFixed(2)}x`,
        ratio >= TARGETS.liveToBareRatio,
        bare,
        live,
      ),
      check('sign-in p95', ms(signins.p95Ms), `< ${TARGETS.signinP95Ms} ms`, signins.p95Ms < TARGETS.signinP95Ms, signins),
      check('health p99 during sign-in', ms(health.p99Ms), `< ${TARGETS.healthP99Ms} ms`, health.p99Ms < TARGETS.healthP99Ms, health),
    ];

    process.stdout.write(
      `\n${scenarioTable([
        { name: 'bare GET /', result: bare },
        { name: 'GET /api/v1/health/live', result: live },
        { name: 'POST /api/v1/auth/signin', result: signins },
        { name: `GET /api/v1/health (${HEALTH_RATE_PER_SECOND}/s, during sign-in)`, result: health },
      ])}\n\n`,
    );
    process.stdout.write(
      `Server event-loop delay during sign-in: p50 ${ms(loopDelay.p50Ms)}, p99 ${ms(loopDelay.p99Ms)}, max ${ms(loopDelay.maxMs)}\n\n`,
    );
    process.stdout.write(`${checkTable(checks)}\n\n`);

    const allPass = checks.every((c) => c.pass);
    const resultsFile = fileURLToPath(new URL('../results/latest.json', import.meta.url));
    await mkdir(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
    await writeFile(
      resultsFile,
      `${JSON.stringify(
        {
          finishedAt: new Date().toISOString(),
          environment: { node: process.version, cpus: availableParallelism(), uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? null },
          durationSeconds: duration,
          warmupSeconds: warmup,
          scenarios: { bare, live, signin: signins, healthDuringSignin: health },
          liveToBareRatio: ratio,
          serverLoopDelayDuringSignin: loopDelay,
          checks,
          pass: allPass,
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(`${allPass ? 'All targets met' : 'Some targets missed'}; results in ${resultsFile}\n`);
    return allPass;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const strict = process.argv.includes('--strict');
  const loadPass = await loadBench();
  process.stdout.write('\n');
  // A browser bench that cannot run (no Chromium) counts as a missed target, not as a failed load bench.
  const browser = await runLighthouseBench().catch((error: unknown) => {
    process.stderr.write(`browser bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return { pass: false };
  });
  process.stdout.write('\n');
  // The advisor's socket bench (advisor.ts): 1,000 connected clients' memory and the built-in advisor's round trip.
  const advisor = await runAdvisorBench().catch((error: unknown) => {
    process.stderr.write(`advisor bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return { pass: false };
  });
  if (strict && !(loadPass && browser.pass && advisor.pass)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
