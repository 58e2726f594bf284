import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage, serverControls } from './child-server.ts';
import type { LoopDelay, ServerMessage } from './protocol.ts';

const STOP_GRACE_MS = 10_000;

export interface ServerProcess {
  appUrl: string;
  bareUrl: string;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

/**
 * Forks servers.ts (with tsx, as the bench itself runs) and waits until both servers listen. `env` is what this
 * section asks of the server (BENCH_OFFERS, BENCH_DATA, BENCH_DATABASE_URL), given to the child only, so one section's
 * data never leaks into the next one's.
 */
async function forkServers(env: Record<string, string>): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { appUrl, bareUrl } = await nextMessage<ServerMessage, 'ready'>(child, 'ready');

  return {
    appUrl,
    bareUrl,
    ...serverControls(child, STOP_GRACE_MS),
  };
}

/**
 * Servers kept running between sections of one `--quick` run, by the environment they were started with: starting the
 * app (migrations, seed) is most of a quick section's time. Full runs start a fresh server per section.
 */
const shared = new Map<string, Promise<ServerProcess>>();

/** A fresh server; with `reuse`, the one an earlier section of this run started with the same `env`, if any. */
export async function startServers(env: Record<string, string> = {}, reuse = false): Promise<ServerProcess> {
  if (!reuse) return forkServers(env);
  const key = JSON.stringify(Object.entries(env).sort());
  let server = shared.get(key);
  if (!server) {
    server = forkServers(env);
    shared.set(key, server);
  }
  // Stopped by stopSharedServers at the end of the run, not by the section.
  return { ...(await server), stop: async () => undefined };
}

export async function stopSharedServers(): Promise<void> {
  const servers = [...shared.values()];
  shared.clear();
  await Promise.allSettled(servers.map(async (server) => (await server).stop()));
}
