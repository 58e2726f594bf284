/**
 * The API's load section: a bare Fastify route as the baseline, GET health/live against it, sign-ins at 20
 * connections and GET health probed alongside them (its p99 shows whether anything holds the event loop). Prints the
 * table, the server's event-loop delay during the sign-ins and PASS/FAIL per target. `npm run bench -- api`.
 */
import { availableParallelism } from 'node:os';
import { load, type LoadResult } from './load.ts';
import { looseMs, looseShare, progress, QUICK_SERVER_ENV, runLength } from './options.ts';
import { check, checkTable, ms, scenarioTable } from './report.ts';
import type { Section } from './section.ts';
import { prestartServers, startServers } from './server-process.ts';

const THROUGHPUT_CONNECTIONS = 50;
const SIGNIN_CONNECTIONS = 20;
const HEALTH_CONNECTIONS = 5;
/** Low enough that the probe itself adds no load worth mentioning. */
const HEALTH_RATE_PER_SECOND = 50;
const QUICK_SIGNIN_SECONDS = 5;

const TARGETS = { liveToBareRatio: 0.5, signinP95Ms: 500, healthP99Ms: 50 };
const SIGNIN_BODY = JSON.stringify({ email: 'investor@demo.tessera.local', password: 'demo-investor-2026' });
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Fails fast when a route does not answer 200, so the bench never reports the speed of a 404. */
async function expectOk(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export const apiSection: Section = {
  name: 'api',
  description: 'bare route, health/live ÷ bare, sign-in p95 at 20 connections, health p99 during sign-ins',
  prestart: ({ quick }) => (quick ? prestartServers(QUICK_SERVER_ENV, true) : prestartServers()),
  async run({ quick }) {
    const { duration, warmup } = runLength(quick, 10);
    // A sign-in hashes for a few hundred milliseconds, more on a busy machine: a quick run of 1 s may see none finish.
    const signinDuration = quick ? Math.max(duration, QUICK_SIGNIN_SECONDS) : duration;
    // Half a second of sign-ins finishes few of them: the warm-up of the hashing pool stays at least 1 s.
    const signinWarmup = Math.max(1, warmup);
    const targets = {
      liveToBareRatio: looseShare(TARGETS.liveToBareRatio, quick),
      signinP95Ms: looseMs(TARGETS.signinP95Ms, quick),
      healthP99Ms: looseMs(TARGETS.healthP99Ms, quick),
    };
    const engine = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';

    process.stdout.write(
      `Tessera API bench: ${duration} s per run after ${warmup} s warm-up, Node ${process.version}, ${availableParallelism()} CPUs\n`,
    );
    progress(
      `starting the app (fresh ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} database) and the bare baseline in a child process`,
    );
    const server = quick ? await startServers(QUICK_SERVER_ENV, true) : await startServers();

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
      const live = await measure('GET /api/v1/health/live', {
        url: liveUrl,
        connections: THROUGHPUT_CONNECTIONS,
        durationSeconds: duration,
      });

      progress(`sign-in: warm-up ${signinWarmup} s, then ${signinDuration} s with GET /api/v1/health probed alongside`);
      await load({ ...signin, connections: SIGNIN_CONNECTIONS, durationSeconds: signinWarmup });
      server.resetLoopDelay();
      const [signins, health] = await Promise.all([
        load({ ...signin, connections: SIGNIN_CONNECTIONS, durationSeconds: signinDuration }),
        load({ url: healthUrl, connections: HEALTH_CONNECTIONS, durationSeconds: signinDuration, overallRate: HEALTH_RATE_PER_SECOND }),
      ]);
      const loopDelay = await server.readLoopDelay();

      const ratio = live.requestsPerSecond / bare.requestsPerSecond;
      const checks = [
        check(
          'health/live req/s ÷ bare req/s',
          `${ratio.toFixed(2)}x`,
          `>= ${targets.liveToBareRatio.toFixed(2)}x`,
          ratio >= targets.liveToBareRatio,
          bare,
          live,
        ),
        check('sign-in p95', ms(signins.p95Ms), `< ${targets.signinP95Ms} ms`, signins.p95Ms < targets.signinP95Ms, signins),
        check('health p99 during sign-in', ms(health.p99Ms), `< ${targets.healthP99Ms} ms`, health.p99Ms < targets.healthP99Ms, health),
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

      return {
        name: 'api',
        pass: checks.every((c) => c.pass),
        checks,
        charts: [
          {
            id: 'api-share',
            title: `API: health/live as a share of the bare route (${engine})`,
            unit: '% of bare',
            bars: [{ label: 'health/live, 50 connections', value: ratio * 100, target: targets.liveToBareRatio * 100, bound: 'min' }],
          },
          {
            id: 'api-latency',
            title: `API: sign-in and health during sign-ins (${engine})`,
            unit: 'ms',
            bars: [
              { label: 'sign-in p95, 20 connections', value: signins.p95Ms, target: targets.signinP95Ms, bound: 'max' },
              { label: 'health p99 during sign-ins', value: health.p99Ms, target: targets.healthP99Ms, bound: 'max' },
              { label: 'event-loop delay p99 during sign-ins', value: loopDelay.p99Ms },
            ],
          },
        ],
        results: {
          engine,
          durationSeconds: duration,
          warmupSeconds: warmup,
          targets,
          scenarios: { bare, live, signin: signins, healthDuringSignin: health },
          liveToBareRatio: ratio,
          serverLoopDelayDuringSignin: loopDelay,
        },
      };
    } finally {
      await server.stop();
    }
  },
};
