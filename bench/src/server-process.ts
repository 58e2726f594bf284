import { fork } from 'node:child_process';
import { nextMessage, serverControls } from './child-server.ts';
import { builtFile } from './built.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { startEarly, stopUntaken, take, track } from './prestart.ts';
import type { AnalyticsSeed } from './analytics-data.ts';
import type { LoopDelay, MemoryPeak, ProcessMemory, RunnerMessage, ServerMessage } from './protocol.ts';

const STOP_GRACE_MS = 10_000;

export interface ServerProcess {
  appUrl: string;
  bareUrl: string;
  /** What the server seeded of the scale data set, table by table (BENCH_DATA=scale). */
  seeded: { table: string; rows: number; seconds: number }[];
  /** What seeding BENCH_ANALYTICS_EVENTS events took (analytics.ts). */
  analyticsSeed?: AnalyticsSeed;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  /** The server's memory now, after a full collection when it was started with `exposeGc`. */
  readMemory(): Promise<ProcessMemory>;
  /** Samples the server's memory every 500 ms from now until `readMemoryPeak`, which answers the highest readings. */
  startMemorySampling(): void;
  readMemoryPeak(): Promise<MemoryPeak>;
  stop(): Promise<void>;
}

/** This process's environment with the section's on top; an undefined value removes the variable (BENCH_DATABASE_URL for PGlite). */
function serverEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  // As `npm start -w apps/api` runs the API: glibc returns big freed blocks to the system (apps/api/package.json).
  const env: NodeJS.ProcessEnv = { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env, NODE_ENV: 'production' };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

/**
 * Forks servers.ts (built with the API, built.ts) and waits until both servers listen. `env` is what this
 * section asks of the server (BENCH_OFFERS, BENCH_DATA, BENCH_DATABASE_URL), given to the child only, so one section's
 * data never leaks into the next one's. `exposeGc` runs it with --expose-gc, so its memory at rest is read after a
 * full collection.
 */
async function forkServers(env: Record<string, string | undefined>, exposeGc: boolean): Promise<ServerProcess> {
  const childEnv = serverEnv(env);
  // PGlite: the run's migrated and seeded database (pglite-template.ts) instead of initdb, every migration and the seed.
  const [file, template] = await Promise.all([
    builtFile('servers.js'),
    childEnv.BENCH_DATABASE_URL || childEnv.BENCH_PGLITE_TEMPLATE ? undefined : pgliteTemplate('demo'),
  ]);
  if (template) childEnv.BENCH_PGLITE_TEMPLATE = template;
  const child = fork(file, {
    // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (Node refuses --cpu-prof in NODE_OPTIONS).
    execArgv: [
      ...(exposeGc ? ['--expose-gc'] : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { appUrl, bareUrl, seeded = [], analyticsSeed } = await nextMessage<ServerMessage, 'ready'>(child, 'ready');
  const send = (message: RunnerMessage) => child.send(message);

  return {
    appUrl,
    bareUrl,
    seeded,
    ...(analyticsSeed ? { analyticsSeed } : {}),
    async readMemory() {
      const reply = nextMessage<ServerMessage, 'process-memory'>(child, 'process-memory');
      send({ type: 'read-process-memory' });
      return (await reply).memory;
    },
    startMemorySampling: () => send({ type: 'start-memory-sampling' }),
    async readMemoryPeak() {
      const reply = nextMessage<ServerMessage, 'memory-peak'>(child, 'memory-peak');
      send({ type: 'read-memory-peak' });
      return (await reply).peak;
    },
    ...serverControls(child, STOP_GRACE_MS),
  };
}

/**
 * Servers kept running between sections of one `--quick` run, by the environment they were started with: starting the
 * app (migrations, seed) is most of a quick section's time. Full runs start a fresh server per section.
 */
const shared = new Map<string, Promise<ServerProcess>>();

const keyOf = (env: Record<string, string | undefined>, exposeGc: boolean) =>
  JSON.stringify([exposeGc, Object.entries(env).sort(([a], [b]) => a.localeCompare(b))]);

function sharedServer(env: Record<string, string | undefined>, exposeGc: boolean): Promise<ServerProcess> {
  const key = keyOf(env, exposeGc);
  let server = shared.get(key);
  if (!server) {
    server = track(forkServers(env, exposeGc));
    shared.set(key, server);
  }
  return server;
}

/**
 * A fresh server (the one `prestartServers` started for the same arguments, if any); with `reuse`, the one an earlier
 * section of this run started with the same `env`, if any.
 */
export async function startServers(env: Record<string, string | undefined> = {}, reuse = false, exposeGc = false): Promise<ServerProcess> {
  if (!reuse) return take<ServerProcess>(`servers ${keyOf(env, exposeGc)}`) ?? forkServers(env, exposeGc);
  // Stopped by stopSharedServers at the end of the run, not by the section.
  return { ...(await sharedServer(env, exposeGc)), stop: async () => undefined };
}

/** Starts now, without waiting, the server `startServers` will be asked for with the same arguments (prestart.ts). */
export function prestartServers(env: Record<string, string | undefined> = {}, reuse = false, exposeGc = false): void {
  if (reuse) void sharedServer(env, exposeGc);
  else startEarly(`servers ${keyOf(env, exposeGc)}`, () => forkServers(env, exposeGc));
}

export async function stopSharedServers(): Promise<void> {
  const servers = [...shared.values()];
  shared.clear();
  await Promise.allSettled([...servers.map(async (server) => (await server).stop()), stopUntaken()]);
}
