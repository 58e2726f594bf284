import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nextMessage, serverControls } from './child-server.ts';
import type { AnalyticsSeed } from './analytics-data.ts';
import type { LoopDelay, ProcessMemory, RunnerMessage, ServerMessage } from './protocol.ts';

const STOP_GRACE_MS = 10_000;

export interface ServerProcess {
  appUrl: string;
  bareUrl: string;
  analyticsSeed?: AnalyticsSeed;
  readMemory(): Promise<ProcessMemory>;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopDelay>;
  stop(): Promise<void>;
}

/**
 * Forks servers.ts (with tsx, as the bench itself runs; --expose-gc for memory readings) and waits until both servers
 * listen. `env` adds to this process's environment (BENCH_OFFERS, BENCH_ANALYTICS_EVENTS, …) for this server only.
 */
export async function startServers(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./servers.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { appUrl, bareUrl, analyticsSeed } = await nextMessage<ServerMessage, 'ready'>(child, 'ready');

  return {
    appUrl,
    bareUrl,
    ...(analyticsSeed ? { analyticsSeed } : {}),
    async readMemory() {
      const reply = nextMessage<ServerMessage, 'memory'>(child, 'memory');
      child.send({ type: 'read-memory' } satisfies RunnerMessage);
      return (await reply).memory;
    },
    ...serverControls(child, STOP_GRACE_MS),
  };
}
