/**
 * Forked by run.ts: the real app on a fresh PGlite database, and a bare Fastify server as the baseline,
 * both in this process so they share one runtime, and neither shares an event loop with autocannon.
 */
import '../../apps/api/src/threadpool.ts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import type { Db } from '../../apps/api/src/db/client.ts';
import { loadConfig } from '../../apps/api/src/config/index.ts';
import { seed } from '../../apps/api/src/db/seed.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { insertMixedPeople, MIXED_PASSWORD } from './mixed-data.ts';
import { unpackTemplate } from './pglite-template.ts';
import { type AnalyticsSeed, insertAnalyticsEvents } from './analytics-data.ts';
import { SCALE_ADMIN, scaleCounts, seedScale, SCALE_PASSWORD, type SeedTiming } from './scale-data.ts';
import { BENCH_GP_EMAIL, insertBenchOffers, insertMarketplaceOffers, makeBenchGp } from './offers-data.ts';
import { answerRunner, memoryAnswerer, type PgliteMemory, type RunnerMessage, type ServerMessage, StartPhases } from './protocol.ts';

// pg and drizzle's node-postgres driver are imported only on PostgreSQL (BENCH_DATABASE_URL), as the app does
// (db/client.ts): on PGlite the mixed section reads the memory of a process that never loaded them, as in production.
const loadPg = async () => (await import('pg')).default;

/** The owner's connection to a bench database on PostgreSQL, for bulk rows outside the app's row-level security. */
async function ownerDb(url: string): Promise<{ db: Db; end(): Promise<void> }> {
  const pg = await loadPg();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return { db: drizzle(pool) as unknown as Db, end: () => pool.end() };
}

/** A fresh database on a PostgreSQL server (BENCH_DATABASE_URL), dropped afterwards. */
async function createServerDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tessera_bench_${process.pid}_${Date.now().toString(36)}`;
  const pg = await loadPg();
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const phases = new StartPhases();
  phases.done('modules');
  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-bench-'));
  // The scale bench (scale.ts) may reuse a database `npm run seed:scale` filled: BENCH_SCALE_DATABASE_URL, kept as it is.
  const reuse = process.env.BENCH_DATA === 'scale' ? process.env.BENCH_SCALE_DATABASE_URL : undefined;
  const server = reuse
    ? { url: reuse, drop: async () => {} }
    : process.env.BENCH_DATABASE_URL
      ? await createServerDatabase(process.env.BENCH_DATABASE_URL)
      : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    // BENCH_LOG_LEVEL=warn shows what the server logs (say, why a request failed).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT_MAX: '1000000',
    AUTH_ACCOUNT_LIMIT_MAX: '1000000',
    // The parse bench (parse-load.ts) reads PDFs as fast as its clients send them.
    PARSE_RATE_LIMIT_MAX: '1000000',
    // The mixed load (mixed-load.ts) and the analytics bench (analytics.ts) send event batches from one address.
    ANALYTICS_RATE_LIMIT_MAX: '1000000',
    NODE_ENV: 'production',
    // Production refuses to start without them (config: a generated key would sit in the database): fresh ones per run.
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
    DEMO_DATA: '1',
    // The scale bench (scale.ts) measures the platform admin's lists too.
    ...(process.env.BENCH_DATA === 'scale' ? { ADMIN_EMAIL: SCALE_ADMIN.email, ADMIN_PASSWORD: SCALE_ADMIN.password } : {}),
    ...(server ? { DATABASE_URL: server.url } : {}),
  });
  // PGlite: the run's migrated and seeded database (pglite-template.ts, `demo`) instead of initdb, every migration and
  // the demo seed: seed() below finds the default tenant and writes nothing.
  if (!server) await unpackTemplate(dataDir);
  phases.done('database');
  const app = await buildApp(config);
  phases.done('app');
  await seed(app.db, { defaultTenant: config.defaultTenant, demoData: config.demoData, admin: config.admin });
  phases.done('seed');
  // The offers-list benchmark (offers-list.ts) asks for a tenant full of offers.
  const benchOffers = Number(process.env.BENCH_OFFERS ?? 0);
  // The analytics benchmark (analytics.ts) asks for BENCH_ANALYTICS_EVENTS events with their rollups.
  const benchEvents = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 0);
  let analyticsSeed: AnalyticsSeed | undefined;
  // The marketplace benchmark (marketplace-list.ts) asks for offers mostly listed, over many institutions.
  if (benchOffers > 0 || benchEvents > 0) {
    // Bulk rows across the tenant's tables, then ANALYZE/VACUUM, which only the tables' owner may run: on PostgreSQL
    // through the owner's connection, outside the app's row-level security (its role is tessera_app).
    const owner = server ? await ownerDb(server.url) : undefined;
    const db = owner?.db ?? app.db;
    if (benchOffers > 0 && (process.env.BENCH_DATA === 'marketplace' || process.env.BENCH_DATA === 'mixed')) {
      await insertMarketplaceOffers(db, config.defaultTenant, benchOffers);
      // The mixed load's accounts (mixed-data.ts): one password hash for all of them.
      const people = Number(process.env.BENCH_USERS ?? 0);
      if (process.env.BENCH_DATA === 'mixed' && people > 0)
        await insertMixedPeople(db, config.defaultTenant, people, await hashPassword(MIXED_PASSWORD));
    } else if (benchOffers > 0) {
      await insertBenchOffers(db, config.defaultTenant, benchOffers);
      await makeBenchGp(db, config.defaultTenant, BENCH_GP_EMAIL);
    }
    if (benchEvents > 0) analyticsSeed = await insertAnalyticsEvents(db, config.defaultTenant, benchEvents);
    await owner?.end();
  }
  // The scale bench (scale.ts) asks for issue #25's data set around the demo tenant, times BENCH_SCALE_FACTOR.
  let seeded: SeedTiming[] | undefined;
  if (process.env.BENCH_DATA === 'scale' && !reuse) {
    const owner = server ? await ownerDb(server.url) : undefined;
    const counts = scaleCounts(Number(process.env.BENCH_SCALE_FACTOR ?? 1));
    seeded = await seedScale(owner?.db ?? app.db, {
      defaultTenant: config.defaultTenant,
      counts,
      passwordHash: await hashPassword(SCALE_PASSWORD),
      progress: (t) => process.stdout.write(`    seeded ${t.table}: ${t.rows.toLocaleString('en-US')} rows in ${t.seconds.toFixed(1)} s\n`),
    });
    await owner?.end();
  }

  phases.done('bench data');
  const bare = Fastify();
  bare.get('/', async () => ({ data: { status: 'ok' } }));

  // The bare host (an IP address) serves the default tenant, the demo one.
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  // Shows whether anything (argon2, PGlite) holds the event loop while the runner measures.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    loopDelay.disable();
    const at = performance.now();
    await Promise.allSettled([app.close(), bare.close()]);
    const closed = performance.now();
    await rm(dataDir, { recursive: true, force: true });
    await server?.drop();
    process.stdout.write(
      `    server stop: close ${((closed - at) / 1000).toFixed(1)} s, clean-up ${((performance.now() - closed) / 1000).toFixed(1)} s\n`,
    );
    process.disconnect?.();
  };

  // PGlite's worker answers for its own memory (pglite-thread.ts); on PostgreSQL the client has no such call.
  const client = (app.db as unknown as { $client?: { memory?: () => Promise<PgliteMemory> } }).$client;
  const readPglite = typeof client?.memory === 'function' ? () => client.memory!() : undefined;
  const answerMemory = memoryAnswerer(readPglite, send);
  process.on('message', (message: RunnerMessage) => {
    if (!answerRunner(message, loopDelay, send, stop)) answerMemory(message);
  });
  // The runner went away without asking (crash, Ctrl-C): clean up the temporary database all the same.
  process.on('disconnect', () => void stop());

  phases.done('listen');
  process.stdout.write(`    server start: ${phases.line()}\n`);
  send({ type: 'ready', appUrl, bareUrl, ...(seeded ? { seeded } : {}), ...(analyticsSeed ? { analyticsSeed } : {}) });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench servers failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}${error instanceof Error && error.cause ? `\ncaused by: ${String((error.cause as Error).stack ?? error.cause)}` : ''}\n`,
  );
  process.exit(1);
});
