/**
 * Forked by advisor.ts: the real app (production settings, fresh PGlite or BENCH_DATABASE_URL database) with the
 * built-in advisor, on a tenant of its own (`advisor-bench`, the default tenant of this server, so the bare address
 * serves it) holding BENCH_OFFERS generated offers, most of them listed. The advisor's per-user rate limit is raised
 * out of reach (ADVISOR_MESSAGES_PER_MINUTE), since the bench asks far more often than one person may.
 * It answers the runner's questions about itself over IPC: its memory after a full garbage collection (it runs with
 * --expose-gc) and its event-loop delay.
 */
import '../../apps/api/src/threadpool.ts';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { unpackTemplate } from './pglite-template.ts';
import { buildApp } from '../../apps/api/src/app.ts';
import type { Db } from '../../apps/api/src/db/client.ts';
import { loadConfig } from '../../apps/api/src/config/index.ts';
import { seed } from '../../apps/api/src/db/seed.ts';
import { insertMarketplaceOffers } from './offers-data.ts';
import { answerRunner, type LoopDelay, type RunnerMessage } from './protocol.ts';

export const ADVISOR_BENCH_TENANT = 'advisor-bench';

export interface Memory {
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  /** TCP connections open on the app's HTTP server when measured (each WebSocket holds one). */
  connections: number;
}

export type AdvisorServerMessage =
  | { type: 'ready'; appUrl: string; offers: number }
  | { type: 'memory'; memory: Memory }
  | { type: 'loop-delay'; delay: LoopDelay };
export type AdvisorRunnerMessage = { type: 'read-memory' } | RunnerMessage;

function send(message: AdvisorServerMessage): void {
  process.send?.(message);
}

async function createServerDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tessera_advisor_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** TCP connections open on the app's HTTP server (a WebSocket keeps the one it was upgraded from). */
function connectionCount(app: Awaited<ReturnType<typeof buildApp>>): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? -1 : count)));
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-advisor-bench-'));
  const database = process.env.BENCH_DATABASE_URL ? await createServerDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    // BENCH_LOG_LEVEL=warn shows what the server logs (say, why a question went unanswered).
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT_MAX: '1000000',
    AUTH_ACCOUNT_LIMIT_MAX: '1000000',
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
    DEMO_DATA: '0',
    DEFAULT_TENANT: ADVISOR_BENCH_TENANT,
    ADVISOR_PROVIDER: 'builtin',
    ADVISOR_MESSAGES_PER_MINUTE: '10000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  // PGlite: the run's migrated database (pglite-template.ts) instead of initdb and every migration.
  if (!database) await unpackTemplate(dataDir);
  const app = await buildApp(config);
  await seed(app.db, { defaultTenant: config.defaultTenant, demoData: false, admin: undefined });
  const offers = Number(process.env.BENCH_OFFERS ?? 200);
  // Bulk rows and VACUUM ANALYZE, which only the tables' owner may run: on PostgreSQL through the owner's connection.
  const owner = database ? new pg.Pool({ connectionString: database.url, max: 1 }) : undefined;
  await insertMarketplaceOffers(owner ? (drizzle(owner) as unknown as Db) : app.db, config.defaultTenant, offers);
  await owner?.end();

  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    loopDelay.disable();
    await app.close().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
    process.disconnect?.();
  };

  process.on('message', (message: AdvisorRunnerMessage) => {
    if (message.type === 'read-memory') {
      void connectionCount(app).then((connections) => {
        // Twice: the first pass may only queue finalisers whose memory the second frees.
        globalThis.gc?.();
        globalThis.gc?.();
        const usage = process.memoryUsage();
        send({
          type: 'memory',
          memory: { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed, externalBytes: usage.external, connections },
        });
      });
    } else answerRunner(message, loopDelay, send, stop);
  });
  process.on('disconnect', () => void stop());
  send({ type: 'ready', appUrl, offers });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `advisor bench server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
